import { useQuery } from "@tanstack/react-query";
import { MessageSquareText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { latestResponsesQueryOptions } from "../../../../api/stats";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { Alert } from "../../../../ui/alert";
import { Card } from "../../../../ui/card";
import { linkClass } from "../../../../ui/class-names";
import { Skeleton } from "../../../../ui/skeleton";

/** The newest responses across every callout, each leading to it in the inbox, from `/stats/responses`. */
export function LatestResponses() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
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
                {/* Only the title gives way: the number is what tells apart responses to the same callout.
                    The space between the parts keeps them apart in the link's accessible name. */}
                <Link
                  to={`/admin/callouts/view/${item.calloutId}/responses/${item.id}`}
                  className={`${linkClass} flex min-w-0 font-semibold`}
                  title={item.calloutTitle}
                >
                  <span className="truncate">{item.calloutTitle}</span>{" "}
                  <span className="shrink-0 whitespace-pre">
                    {" · "}
                    {t("admin.dashboard.responses.number", { number: item.number })}
                  </span>
                </Link>
                <p className="text-sm text-body/70">
                  {t("admin.dashboard.responses.byOn", {
                    who: item.respondent ?? t("admin.dashboard.responses.anonymous"),
                    date: dateTime(item.createdAt),
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
