import { useQuery } from "@tanstack/react-query";
import { CalendarRange, Gift, HandCoins, UserPlus, Wallet } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { statsQueryOptions } from "../../../../api/stats";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Alert } from "../../../../ui/alert";
import { Card } from "../../../../ui/card";
import { SelectField } from "../../../../ui/select-field";
import { Skeleton } from "../../../../ui/skeleton";
import { CalloutConversions } from "./callout-conversions";
import { CancellationReasons } from "./cancellation-reasons";
import { BringPeopleIn } from "./next-steps";
import { periodRange, statsPeriods, type StatsPeriod } from "../stats-periods";

/** The spec's three figures for a chosen period, from `/stats`; a new install gets pointers instead of zeros. */
export function PeriodStats() {
  const { t } = useTranslation();
  const format = useFormatters();
  const [period, setPeriod] = useState<StatsPeriod>("last30Days");
  const range = useMemo(() => periodRange(period, new Date()), [period]);
  const stats = useQuery(statsQueryOptions(range));

  const figures = stats.data
    ? [
        { key: "newContacts", icon: UserPlus, value: format.number(stats.data.newContacts) },
        {
          key: "averageContribution",
          icon: HandCoins,
          value:
            stats.data.averageContribution === null
              ? t("admin.dashboard.stats.none")
              : format.currency(stats.data.averageContribution),
        },
        {
          key: "totalRevenue",
          icon: Wallet,
          value: stats.data.totalRevenue === null ? format.currency(0) : format.currency(stats.data.totalRevenue),
        },
        // One-time gifts, apart from the recurring revenue (decision 068).
        { key: "giftRevenue", icon: Gift, value: format.currency(stats.data.giftRevenue ?? 0) },
      ]
    : [];
  const isEmpty = stats.data?.newContacts === 0 && stats.data.totalRevenue === null && stats.data.giftRevenue === null;

  return (
    <Card className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h2 className="text-lg font-bold">{t("admin.dashboard.stats.title")}</h2>
          <p className="flex items-center gap-1.5 text-sm text-body/70">
            <CalendarRange aria-hidden className="size-4" />
            {t("admin.dashboard.stats.range", {
              from: format.date(`${range.from}T12:00:00Z`),
              to: format.date(`${range.to}T12:00:00Z`),
            })}
          </p>
        </div>
        <SelectField
          label={t("admin.dashboard.stats.period")}
          className="w-full sm:w-56"
          value={period}
          onChange={(event) => setPeriod(event.target.value as StatsPeriod)}
        >
          {statsPeriods.map((option) => (
            <option key={option} value={option}>
              {t(`admin.dashboard.stats.periods.${option}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {stats.isError ? (
        <Alert variant="error">{t("errors.generic")}</Alert>
      ) : !stats.data ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-24" />
          ))}
        </div>
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy={stats.isFetching}>
            {figures.map(({ key, icon: Icon, value }) => (
              <div key={key} className="rounded-xl bg-canvas p-4" data-testid={`stat-${key}`}>
                <dt className="flex items-center gap-2 text-sm font-semibold text-body/70">
                  <Icon aria-hidden className="size-4" />
                  {t(`admin.dashboard.stats.${key}`)}
                </dt>
                <dd className="mt-2 text-2xl font-bold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {isEmpty && <BringPeopleIn lead={t("admin.dashboard.stats.empty")} />}
          <CancellationReasons range={range} />
          <CalloutConversions range={range} />
        </>
      )}
    </Card>
  );
}
