import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useParams } from "react-router";
import { ArrowLeft } from "lucide-react";
import { adminCalloutQueryOptions } from "../../../../api/admin-callouts";
import { isClientError } from "../../../../api/client-error";
import { messageForError } from "../../../../api/error-messages";
import { usePageTitle } from "../../../../app/shell/page-title";
import { Alert } from "../../../../ui/alert";
import { linkClass } from "../../../../ui/class-names";
import { Skeleton } from "../../../../ui/skeleton";
import { TabLinks } from "../../../../ui/tab-links";

/** One callout: its title over the overview and the responses inbox. */
export function CalloutPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const callout = useQuery(adminCalloutQueryOptions(id));
  usePageTitle(callout.data ? callout.data.title || t("adminCallouts.untitled") : undefined);

  const back = (
    <Link to="/admin/callouts" className={`${linkClass} inline-flex items-center gap-1.5 text-sm`}>
      <ArrowLeft aria-hidden className="size-4" />
      {t("adminCallouts.editor.backToList")}
    </Link>
  );

  if (callout.isPending) {
    return (
      <div className="space-y-6">
        {back}
        <div role="status" className="space-y-3">
          <span className="sr-only">{t("common.loading")}</span>
          <Skeleton className="h-9 w-80" />
          <Skeleton className="h-48 w-full" />
        </div>
      </div>
    );
  }
  if (callout.isError) {
    const isMissing = isClientError(callout.error) && callout.error.httpCode === 404;
    return (
      <div className="space-y-6">
        {back}
        <Alert variant="error" title={isMissing ? t("adminCallouts.notFound") : t(messageForError(callout.error))} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {back}
      <h1 className="text-3xl font-bold tracking-tight break-words">
        {callout.data.title || t("adminCallouts.untitled")}
      </h1>
      <TabLinks
        label={t("adminResponses.calloutTabs")}
        tabs={[
          { to: `/admin/callouts/view/${encodeURIComponent(id)}`, label: t("adminResponses.tabs.overview"), end: true },
          { to: `/admin/callouts/view/${encodeURIComponent(id)}/responses`, label: t("adminResponses.tabs.responses") },
        ]}
      />
      <Outlet context={callout.data} />
    </div>
  );
}
