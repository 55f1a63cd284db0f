import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { defaultLocale, isLocale, localeTags } from "@cohort/common/i18n";
import { messageForError } from "../../../api/error-messages";
import { recoveryStatsQueryOptions } from "../../../api/recovery";
import { useFormatters } from "../../../app/i18n/use-formatters";
import { Alert } from "../../../ui/alert";
import { Card } from "../../../ui/card";
import { Skeleton } from "../../../ui/skeleton";
import { cellClass, headerCellClass, Table } from "../../../ui/table";

/** Dashboard: recurring revenue whose failed renewals were recovered, and lost, per month (last twelve). */
export function RecoveryFigures() {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const monthFormat = useMemo(() => {
    const tag = localeTags[isLocale(i18n.language) ? i18n.language : defaultLocale];
    return new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" });
  }, [i18n.language]);
  const stats = useQuery(recoveryStatsQueryOptions());
  const months = [...(stats.data?.months ?? [])].reverse();
  return (
    <Card className="space-y-4">
      <header className="space-y-1">
        <h2 className="text-lg font-bold">{t("recovery.figures.title")}</h2>
        <p className="text-sm text-body/75">{t("recovery.figures.intro")}</p>
      </header>
      {stats.isPending ? (
        <Skeleton className="h-32" />
      ) : stats.isError ? (
        <Alert variant="error">{t(messageForError(stats.error))}</Alert>
      ) : (
        <Table caption={t("recovery.figures.title")}>
          <thead>
            <tr>
              <th scope="col" className={headerCellClass}>
                {t("recovery.figures.month")}
              </th>
              <th scope="col" className={`${headerCellClass} text-right`}>
                {t("recovery.figures.recovered")}
              </th>
              <th scope="col" className={`${headerCellClass} text-right`}>
                {t("recovery.figures.lost")}
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((row) => (
              <tr key={row.month}>
                <th scope="row" className={`${cellClass} whitespace-nowrap font-normal`}>
                  {monthFormat.format(new Date(`${row.month}-01T00:00:00Z`))}
                </th>
                <td className={`${cellClass} text-right tabular-nums`}>
                  {format.currency(row.recovered)}
                  <span className="block text-xs text-body/75">
                    {t("recovery.figures.count", { count: row.recoveredCount })}
                  </span>
                </td>
                <td className={`${cellClass} text-right tabular-nums`}>
                  {format.currency(row.lost)}
                  <span className="block text-xs text-body/75">
                    {t("recovery.figures.count", { count: row.lostCount })}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
