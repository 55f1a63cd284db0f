import { useTranslation } from "react-i18next";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { MonthlyStatsRow } from "@cohort/common/stats";

interface MonthlyChartsProps {
  months: MonthlyStatsRow[];
  monthLabel: (month: string) => string;
  currency: (amount: number) => string;
}

const axisTick = { fontSize: 12, fill: "var(--color-body)" };

/**
 * The drawn charts, loaded only with the dashboard (the charting library stays out of
 * every other page). Screen readers get the table beside them instead.
 */
export default function MonthlyCharts({ months, monthLabel, currency }: MonthlyChartsProps) {
  const { t } = useTranslation();
  const data = months.map((row) => ({ ...row, label: monthLabel(row.month) }));

  return (
    <div className="grid gap-6 lg:grid-cols-2" aria-hidden>
      <figure className="min-w-0 space-y-2">
        <figcaption className="text-sm font-semibold">{t("admin.dashboard.monthly.mrrChart")}</figcaption>
        <div className="h-56 overflow-hidden">
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={axisTick} minTickGap={12} />
              <YAxis tick={axisTick} tickFormatter={(value: number) => currency(value)} width={80} />
              <Tooltip formatter={(value) => currency(Number(value))} />
              <Area
                type="monotone"
                dataKey="mrr"
                name={t("admin.dashboard.monthly.mrr")}
                stroke="var(--color-primary)"
                fill="var(--color-primary)"
                fillOpacity={0.15}
                isAnimationActive={false}
              />
            </AreaChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="min-w-0 space-y-2">
        <figcaption className="text-sm font-semibold">{t("admin.dashboard.monthly.membersChart")}</figcaption>
        <div className="h-56 overflow-hidden">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={axisTick} minTickGap={12} />
              <YAxis tick={axisTick} allowDecimals={false} width={40} />
              <Tooltip />
              <Legend />
              <Bar
                dataKey="newMembers"
                name={t("admin.dashboard.monthly.newMembers")}
                fill="var(--color-success)"
                isAnimationActive={false}
              />
              <Bar
                dataKey="cancelledMembers"
                name={t("admin.dashboard.monthly.cancelledMembers")}
                fill="var(--color-danger)"
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
