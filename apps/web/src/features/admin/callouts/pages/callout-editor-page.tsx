import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ArrowLeft } from "lucide-react";
import { adminCalloutQueryOptions } from "../../../../api/admin-callouts";
import { isClientError } from "../../../../api/client-error";
import { messageForError } from "../../../../api/error-messages";
import { usePageTitle } from "../../../../app/shell/page-title";
import { Alert } from "../../../../ui/alert";
import { linkClass } from "../../../../ui/class-names";
import { Skeleton } from "../../../../ui/skeleton";
import { CalloutEditor } from "../editor/callout-editor";

/** `/admin/callouts/new` and `/admin/callouts/edit/:id`: the builder, once the callout has loaded. */
export function CalloutEditorPage() {
  const { id } = useParams();
  return id ? <SavedCalloutEditor id={id} /> : <CalloutEditor key="new" callout={null} />;
}

function SavedCalloutEditor({ id }: { id: string }) {
  const { t } = useTranslation();
  const callout = useQuery(adminCalloutQueryOptions(id));
  usePageTitle(
    callout.data
      ? t("pageTitles.adminCalloutEditNamed", { title: callout.data.title || t("adminCallouts.untitled") })
      : undefined,
  );

  if (callout.isPending) {
    return (
      <div role="status" className="space-y-4">
        <span className="sr-only">{t("common.loading")}</span>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (callout.isError) {
    const isMissing = isClientError(callout.error) && callout.error.httpCode === 404;
    return (
      <div className="space-y-6">
        <Link to="/admin/callouts" className={`${linkClass} inline-flex items-center gap-1.5 text-sm`}>
          <ArrowLeft aria-hidden className="size-4" />
          {t("adminCallouts.editor.backToList")}
        </Link>
        <Alert variant="error" title={isMissing ? t("adminCallouts.notFound") : t(messageForError(callout.error))} />
      </div>
    );
  }
  // A fresh editor for each saved version it starts from.
  return <CalloutEditor key={callout.data.id} callout={callout.data} />;
}
