import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.js";
import { calloutFunnelCounters } from "../../../db/schema/index.js";

export type FunnelStage = (typeof calloutFunnelCounters.$inferSelect)["stage"];

/** The start of a counter's day (UTC), for the date rules of the summary's filter. */
export const counterDayStart: SQL = sql`(${calloutFunnelCounters.day}::timestamp AT TIME ZONE 'UTC')`;

/** Adds one to a counter of the day, creating it at one; the same statement on PGlite and PostgreSQL. */
export async function countStage(
  db: Db,
  counter: { calloutId: string; day: string; stage: FunnelStage; slideId: string },
): Promise<void> {
  await db
    .insert(calloutFunnelCounters)
    .values({ ...counter, count: 1 })
    .onConflictDoUpdate({
      target: [
        calloutFunnelCounters.calloutId,
        calloutFunnelCounters.day,
        calloutFunnelCounters.stage,
        calloutFunnelCounters.slideId,
      ],
      set: { count: sql`${calloutFunnelCounters.count} + 1` },
    });
}

export interface StageTotal {
  stage: FunnelStage;
  slideId: string;
  count: number;
  firstDay: string;
  lastDay: string;
}

/** The callout's counters summed per stage and slide over the days `days` selects (all when undefined). */
export async function stageTotals(db: Db, calloutId: string, days: SQL | undefined): Promise<StageTotal[]> {
  return db
    .select({
      stage: calloutFunnelCounters.stage,
      slideId: calloutFunnelCounters.slideId,
      count: sql<number>`sum(${calloutFunnelCounters.count})::int`,
      firstDay: sql<string>`min(${calloutFunnelCounters.day})::text`,
      lastDay: sql<string>`max(${calloutFunnelCounters.day})::text`,
    })
    .from(calloutFunnelCounters)
    .where(and(eq(calloutFunnelCounters.calloutId, calloutId), days))
    .groupBy(calloutFunnelCounters.stage, calloutFunnelCounters.slideId);
}
