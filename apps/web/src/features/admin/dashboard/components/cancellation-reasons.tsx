import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { OTHER_CANCELLATION_REASON } from "@cohort/common/contributions";
import type { StatsQuery } from "@cohort/common/stats";
import { cancellationReasonsQueryOptions } from "../../../../api/stats";
import { Alert } from "../../../../ui/alert";
import { Skeleton } from "../../../../ui/skeleton";
import { FigureTable } from "./figure-table";

/** Why members cancelled or paused over the dashboard's period, most given first. */
export function CancellationReasons({ range }: { range: StatsQuery }) {
  const { t } = useTranslation();
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
        <FigureTable
          headers={{
            name: t("admin.dashboard.reasons.reason"),
            first: t("admin.dashboard.reasons.cancelled"),
            second: t("admin.dashboard.reasons.paused"),
          }}
          rows={reasons.data.reasons.map((entry) => ({
            key: entry.reason,
            name: entry.reason === OTHER_CANCELLATION_REASON ? t("admin.dashboard.reasons.other") : entry.reason,
            first: entry.cancelled,
            second: entry.paused,
          }))}
          isBusy={reasons.isFetching}
        />
      )}
    </section>
  );
}
