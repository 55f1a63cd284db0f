import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { jobRuns } from "../db/schema/index.js";

/**
 * Claims one period of a job: true when this insert created the row. Inside a
 * transaction, a second copy inserting the same row waits until the first one
 * commits (then finds it taken) or rolls back (then claims it itself).
 */
export async function claimRun(db: Db, job: string, period: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(jobRuns)
    .values({ job, period, ranAt: now })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  return rows.length > 0;
}

/** Whether a period of a job has run already (a cheap look before trying to claim it). */
export async function hasRun(db: Db, job: string, period: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(jobRuns)
    .where(sql`${jobRuns.job} = ${job} AND ${jobRuns.period} = ${period}`)
    .limit(1);
  return rows.length > 0;
}
