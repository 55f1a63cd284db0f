import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Outlet, useParams } from "react-router";
import { publicCalloutQueryOptions } from "../../../api/callouts";
import { isClientError } from "../../../api/client-error";
import { usePageTitle } from "../../../app/shell/page-title";
import { Alert } from "../../../ui/alert";
import { Skeleton } from "../../../ui/skeleton";

/**
 * `/callouts/:id`: loads the callout (in the visitor's language when it has
 * that variant) for the page inside it: main, respond or thanks.
 */
export function CalloutPage() {
  const { t, i18n } = useTranslation();
  const { id = "" } = useParams();
  const query = useQuery(publicCalloutQueryOptions(id, i18n.language));
  usePageTitle(query.data?.title);

  if (query.isPending) {
    return (
      <div className="mx-auto max-w-3xl space-y-4" aria-busy>
        <span className="sr-only">{t("common.loading")}</span>
        <Skeleton className="aspect-[16/9] w-full rounded-2xl" />
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (query.isError) {
    const isMissing = isClientError(query.error) && query.error.httpCode === 404;
    return (
      <div className="mx-auto max-w-3xl">
        <Alert variant="error" title={isMissing ? t("callouts.notFound") : t("errors.generic")} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl">
      <Outlet context={query.data} />
    </div>
  );
}
