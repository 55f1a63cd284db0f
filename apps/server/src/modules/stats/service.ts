import { toMajorUnits } from "@cohort/common/contributions";
import type { MonthlyStats, MonthlyStatsQuery, Stats, StatsQuery } from "@cohort/common/stats";
import { statsMonthStarts, statsRange } from "@cohort/common/stats";
import type { AppContext } from "../../context.js";
import * as queries from "./queries.js";

const toNumber = (value: string | null) => (value === null ? null : Number(value));

/** New contacts and successful payments between two dates, both included. */
export async function getStats(ctx: AppContext, query: StatsQuery): Promise<Stats> {
  const range = statsRange(query);
  const [newContacts, payments] = await Promise.all([
    queries.countNewContacts(ctx.db, range),
    queries.paymentTotals(ctx.db, range),
  ]);
  return {
    newContacts,
    averageContribution: toNumber(payments.average),
    totalRevenue: toNumber(payments.total),
  };
}

const monthLabel = (start: Date) => start.toISOString().slice(0, 7);

/** MRR, revenue, new and cancelled members and churn for each month of the series (decision 027). */
export async function getMonthlyStats(ctx: AppContext, query: MonthlyStatsQuery): Promise<MonthlyStats> {
  const now = new Date();
  const starts = statsMonthStarts(query, now);
  const bounds = starts.slice(0, -1).map((start, index) => {
    const end = starts[index + 1] ?? start;
    return { start, end, asOf: end.getTime() > now.getTime() ? now : end };
  });
  const rows = await queries.monthlySeries(ctx.db, bounds);
  return {
    months: rows.map((row, index) => ({
      month: monthLabel(bounds[index]?.start ?? now),
      mrr: toMajorUnits(Number(row.mrrMinor)),
      revenue: toMajorUnits(Number(row.revenueMinor)),
      newMembers: row.newMembers,
      cancelledMembers: row.cancelledMembers,
      contributorsAtStart: row.contributorsAtStart,
      churnRate:
        row.contributorsAtStart === 0 ? null : Math.round((row.churned / row.contributorsAtStart) * 10_000) / 10_000,
    })),
  };
}
