import { useQuery } from "@tanstack/react-query";
import { MessageSquareText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { latestResponsesQueryOptions } from "../../../../api/stats";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Alert } from "../../../../ui/alert";
import { Card } from "../../../../ui/card";
import { linkClass } from "../../../../ui/class-names";
import { Skeleton } from "../../../../ui/skeleton";

/** The newest responses across every callout, each leading to it in the inbox, from `/stats/responses`. */
export function LatestResponses() {
  const { t } = useTranslation();
  const format = useFormatters();
  const latest = useQuery(latestResponsesQueryOptions());
  const items = latest.data?.items ?? [];

  return (
    <Card className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold">{t("admin.dashboard.responses.title")}</h2>
        <Link to="/admin/callouts" className={`${linkClass} text-sm`}>
          {t("admin.dashboard.responses.allCallouts")}
        </Link>
      </div>
      {latest.isError ? (
        <Alert variant="error">{t("errors.generic")}</Alert>
      ) : !latest.data ? (
        <Skeleton className="h-56" />
      ) : items.length === 0 ? (
        <p className="text-body/75" data-testid="responses-empty">
          {t("admin.dashboard.responses.empty")}{" "}
          <Link to="/admin/callouts/new" className={linkClass}>
            {t("admin.dashboard.responses.createCallout")}
          </Link>
        </p>
      ) : (
        <ul className="divide-y divide-black/5" data-testid="latest-responses">
          {items.map((item) => (
            <li key={item.id} className="flex items-start gap-3 py-3">
              <MessageSquareText aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
              <div className="min-w-0 flex-1">
                <Link
                  to={`/admin/callouts/view/${item.calloutId}/responses/${item.id}`}
                  className={`${linkClass} block truncate font-semibold`}
                >
                  {t("admin.dashboard.responses.item", { title: item.calloutTitle, number: item.number })}
                </Link>
                <p className="text-sm text-body/70">
                  {t("admin.dashboard.responses.byOn", {
                    who: item.respondent ?? t("admin.dashboard.responses.anonymous"),
                    date: format.date(item.createdAt),
                  })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
