import { toMajorUnits } from "@cohort/common/contributions";
import type {
  CancellationReasonStats,
  ConversionStats,
  ConversionStatsQuery,
  ContributionBands,
  LatestResponses,
  LatestResponsesQuery,
  MonthlyStats,
  MonthlyStatsQuery,
  Stats,
  StatsQuery,
} from "@cohort/common/stats";
import { CONTRIBUTION_BAND_STARTS, CONVERSION_WINDOW_DAYS, statsMonthStarts, statsRange } from "@cohort/common/stats";
import type { AppContext } from "../../context.js";
import * as queries from "./queries.js";

/**
 * Each callout's (or each source's) answers in the period and the members who
 * joined within `CONVERSION_WINDOW_DAYS` of answering it (decision 074).
 */
export async function getConversions(ctx: AppContext, query: ConversionStatsQuery): Promise<ConversionStats> {
  const rows = await queries.conversionCounts(ctx.db, statsRange(query), query.by, CONVERSION_WINDOW_DAYS, query.limit);
  const windowDays = CONVERSION_WINDOW_DAYS;
  if (query.by === "source") {
    return {
      by: "source",
      windowDays,
      items: rows.map((row) => ({ source: row.key, answers: row.answers, members: row.members })),
    };
  }
  return {
    by: "callout",
    windowDays,
    items: rows.map((row) => ({
      calloutId: row.key ?? "",
      calloutSlug: row.slug ?? "",
      calloutTitle: row.title ?? "",
      answers: row.answers,
      members: row.members,
    })),
  };
}

const toNumber = (value: string | null) => (value === null ? null : Number(value));

/** The reasons given for cancelling or pausing between two dates, both included, most given first. */
export async function getCancellationReasons(ctx: AppContext, query: StatsQuery): Promise<CancellationReasonStats> {
  return { reasons: await queries.countReasons(ctx.db, statsRange(query)) };
}

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
    giftRevenue: toNumber(payments.giftTotal),
    gifts: payments.gifts,
  };
}

const monthLabel = (start: Date) => start.toISOString().slice(0, 7);

/** MRR, revenue, new and cancelled members and churn for each month of the series (decision 027). */
export async function getMonthlyStats(ctx: AppContext, query: MonthlyStatsQuery): Promise<MonthlyStats> {
  const now = ctx.clock.now();
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
      giftRevenue: toMajorUnits(Number(row.giftRevenueMinor)),
      newMembers: row.newMembers,
      cancelledMembers: row.cancelledMembers,
      contributorsAtStart: row.contributorsAtStart,
      churnRate:
        row.contributorsAtStart === 0 ? null : Math.round((row.churned / row.contributorsAtStart) * 10_000) / 10_000,
    })),
  };
}

/** Today's members by the monthly equivalent of their recurring contribution (decision 027). */
export async function getContributionBands(ctx: AppContext): Promise<ContributionBands> {
  const { perBand, currentMembers } = await queries.contributionBandCounts(
    ctx.db,
    CONTRIBUTION_BAND_STARTS,
    ctx.clock.now(),
  );
  const banded = perBand.reduce((sum, members) => sum + members, 0);
  return {
    bands: CONTRIBUTION_BAND_STARTS.map((start, index) => {
      const next = CONTRIBUTION_BAND_STARTS[index + 1];
      return {
        from: toMajorUnits(start),
        below: next === undefined ? null : toMajorUnits(next),
        members: perBand[index] ?? 0,
      };
    }),
    withoutRecurring: Math.max(currentMembers - banded, 0),
  };
}

function respondent(row: queries.LatestResponseRow): string | null {
  if (row.email !== null) return [row.firstname, row.lastname].filter(Boolean).join(" ") || row.email;
  return row.guestName || row.guestEmail || null;
}

/** The newest responses across every callout: who, where and when, never the answers. */
export async function getLatestResponses(ctx: AppContext, query: LatestResponsesQuery): Promise<LatestResponses> {
  const rows = await queries.latestResponses(ctx.db, query.limit);
  return {
    items: rows.map((row) => ({
      id: row.id,
      number: row.number,
      calloutId: row.calloutId,
      calloutTitle: row.calloutTitle ?? "",
      createdAt: row.createdAt.toISOString(),
      respondent: respondent(row),
    })),
  };
}
