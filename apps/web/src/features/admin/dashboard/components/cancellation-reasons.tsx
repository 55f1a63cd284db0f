import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { OTHER_CANCELLATION_REASON } from "@cohort/common/contributions";
import type { StatsQuery } from "@cohort/common/stats";
import { cancellationReasonsQueryOptions } from "../../../../api/stats";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Alert } from "../../../../ui/alert";
import { Skeleton } from "../../../../ui/skeleton";

/** Why members cancelled or paused over the dashboard's period, most given first. */
export function CancellationReasons({ range }: { range: StatsQuery }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const reasons = useQuery(cancellationReasonsQueryOptions(range));

  return (
    <section className="space-y-3" aria-labelledby="cancellation-reasons-title">
      <h3 id="cancellation-reasons-title" className="font-bold">
        {t("admin.dashboard.reasons.title")}
      </h3>
      {reasons.isError ? (
        <Alert variant="error">{t("errors.generic")}</Alert>
      ) : !reasons.data ? (
        <Skeleton className="h-16" />
      ) : reasons.data.reasons.length === 0 ? (
        <p className="text-body/70">{t("admin.dashboard.reasons.none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-busy={reasons.isFetching}>
            <thead>
              <tr className="border-b border-black/10 text-body/70">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t("admin.dashboard.reasons.reason")}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  {t("admin.dashboard.reasons.cancelled")}
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  {t("admin.dashboard.reasons.paused")}
                </th>
              </tr>
            </thead>
            <tbody>
              {reasons.data.reasons.map((entry) => (
                <tr key={entry.reason} className="border-b border-black/5">
                  <td className="py-2 pr-4 break-words">
                    {entry.reason === OTHER_CANCELLATION_REASON ? t("admin.dashboard.reasons.other") : entry.reason}
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">{format.number(entry.cancelled)}</td>
                  <td className="py-2 text-right tabular-nums">{format.number(entry.paused)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
