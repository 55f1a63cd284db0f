import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { toMajorUnits, toMinorUnits } from "@cohort/common/contributions";
import { defaultLocale, isLocale, localeTags } from "@cohort/common/i18n";
import type { MonthlyStatsRow } from "@cohort/common/stats";
import { monthlyStatsQueryOptions } from "../../../../api/stats";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Alert } from "../../../../ui/alert";
import { Card } from "../../../../ui/card";
import { Skeleton } from "../../../../ui/skeleton";
import { cellClass, headerCellClass, Table } from "../../../../ui/table";
import { BringPeopleIn } from "./next-steps";

const MonthlyCharts = lazy(() => import("./monthly-charts"));

const isQuiet = (row: MonthlyStatsRow) =>
  row.mrr === 0 && row.revenue === 0 && row.giftRevenue === 0 && row.newMembers === 0 && row.cancelledMembers === 0;

/** MRR and its trend, new and cancelled members and churn for the last twelve months. */
export function MonthlyTrends() {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const series = useQuery(monthlyStatsQueryOptions());
  const { monthLabel, percent } = useMemo(() => {
    const tag = localeTags[isLocale(i18n.language) ? i18n.language : defaultLocale];
    const monthFormat = new Intl.DateTimeFormat(tag, { month: "short", year: "numeric", timeZone: "UTC" });
    const percentFormat = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 2 });
    return {
      monthLabel: (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`)),
      percent: (rate: number | null) => (rate === null ? "–" : percentFormat.format(rate)),
    };
  }, [i18n.language]);

  /** The difference of two amounts, worked out in minor units so that it stays exact to the cent. */
  const signedChange = (now: number, before: number) => {
    const minor = toMinorUnits(now) - toMinorUnits(before);
    return `${minor >= 0 ? "+" : "−"}${format.currency(toMajorUnits(Math.abs(minor)))}`;
  };
  const months = series.data?.months ?? [];
  const current = months.at(-1);
  const previous = months.at(-2);
  const lastComplete = previous ?? current;

  return (
    <Card className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-lg font-bold">{t("admin.dashboard.monthly.title")}</h2>
        <p className="text-sm text-body/70">{t("admin.dashboard.monthly.intro")}</p>
      </div>
      {series.isError ? (
        <Alert variant="error">{t("errors.generic")}</Alert>
      ) : !series.data ? (
        <Skeleton className="h-56" />
      ) : months.every(isQuiet) || !current ? (
        <BringPeopleIn lead={t("admin.dashboard.monthly.empty")} testId="monthly-empty" />
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-3">
            <div className="rounded-xl bg-canvas p-4" data-testid="monthly-mrr">
              <dt className="text-sm font-semibold text-body/70">{t("admin.dashboard.monthly.mrr")}</dt>
              <dd className="mt-2 text-2xl font-bold tabular-nums">{format.currency(current.mrr)}</dd>
              {previous && (
                <dd className="mt-1 text-sm text-body/70">
                  {t("admin.dashboard.monthly.mrrChange", { change: signedChange(current.mrr, previous.mrr) })}
                </dd>
              )}
            </div>
            <div className="rounded-xl bg-canvas p-4" data-testid="monthly-members">
              <dt className="text-sm font-semibold text-body/70">
                {t("admin.dashboard.monthly.thisMonth", { month: monthLabel(current.month) })}
              </dt>
              <dd className="mt-2 text-2xl font-bold tabular-nums">
                {t("admin.dashboard.monthly.newAndCancelled", {
                  new: format.number(current.newMembers),
                  cancelled: format.number(current.cancelledMembers),
                })}
              </dd>
            </div>
            <div className="rounded-xl bg-canvas p-4" data-testid="monthly-churn">
              <dt className="text-sm font-semibold text-body/70">
                {t("admin.dashboard.monthly.churnIn", { month: monthLabel(lastComplete?.month ?? current.month) })}
              </dt>
              <dd className="mt-2 text-2xl font-bold tabular-nums">{percent(lastComplete?.churnRate ?? null)}</dd>
            </div>
          </dl>
          <Suspense fallback={<Skeleton className="h-56" />}>
            <MonthlyCharts months={months} monthLabel={monthLabel} currency={format.currency} />
          </Suspense>
          <details className="group">
            <summary className="focus-ring cursor-pointer rounded font-semibold">
              {t("admin.dashboard.monthly.showTable")}
            </summary>
            <Table caption={t("admin.dashboard.monthly.title")} className="mt-3">
              <thead>
                <tr>
                  <th scope="col" className={headerCellClass}>
                    {t("admin.dashboard.monthly.month")}
                  </th>
                  {(["mrr", "revenue", "giftRevenue", "newMembers", "cancelledMembers", "churnRate"] as const).map(
                    (key) => (
                      <th key={key} scope="col" className={`${headerCellClass} text-right`}>
                        {t(`admin.dashboard.monthly.${key}`)}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {months.map((row) => (
                  <tr key={row.month}>
                    <th scope="row" className={`${cellClass} font-semibold whitespace-nowrap`}>
                      {monthLabel(row.month)}
                    </th>
                    <td className={`${cellClass} text-right tabular-nums`}>{format.currency(row.mrr)}</td>
                    <td className={`${cellClass} text-right tabular-nums`}>{format.currency(row.revenue)}</td>
                    <td className={`${cellClass} text-right tabular-nums`}>{format.currency(row.giftRevenue)}</td>
                    <td className={`${cellClass} text-right tabular-nums`}>{format.number(row.newMembers)}</td>
                    <td className={`${cellClass} text-right tabular-nums`}>{format.number(row.cancelledMembers)}</td>
                    <td className={`${cellClass} text-right tabular-nums`}>{percent(row.churnRate)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </details>
        </>
      )}
    </Card>
  );
}
