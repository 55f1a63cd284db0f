import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { Db } from "../db/client.js";
import { jobRuns, jobs } from "../db/schema/index.js";

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

/** The latest period of a job that ran before `period` (periods sort as text), if any. */
export async function lastRunBefore(db: Db, job: string, period: string): Promise<string | undefined> {
  const [row] = await db
    .select({ period: jobRuns.period })
    .from(jobRuns)
    .where(and(eq(jobRuns.job, job), lt(jobRuns.period, period)))
    .orderBy(desc(jobRuns.period))
    .limit(1);
  return row?.period;
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

export type JobRow = typeof jobs.$inferSelect;

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  runAt?: Date;
  /** Work that must exist once: a second enqueue with the same key is dropped. */
  key?: string;
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
/** How long a claim holds. A handler must finish well within it (the sender sizes its batches to fit). */
export const JOB_LEASE_MS = 5 * 60_000;
const MAX_ERROR_LENGTH = 1_000;

/** Waits before the next try of a failed job: 30 s, 1, 2, 4 … minutes, at most an hour. */
export function jobBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/** Adds a job; answers false when one with the same key exists already. Pass a transaction to add it with other work. */
export async function enqueueJob(db: Db, ctx: Pick<AppContext, "clock" | "newId">, job: NewJob): Promise<boolean> {
  const now = ctx.clock.now();
  const rows = await db
    .insert(jobs)
    .values({
      id: ctx.newId(),
      kind: job.kind,
      payload: job.payload,
      key: job.key ?? null,
      runAt: job.runAt ?? now,
      maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Removes a job that is not done (a cancelled scheduled send), so its key may
 * be used again. A run under way finishes; its handler checks what it works on.
 */
export async function dropPendingJob(db: Db, key: string): Promise<boolean> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.key, key), isNull(jobs.doneAt)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Claims the next due job of the given kinds, counting the try; the claim is committed when this returns. */
export async function claimJob(
  db: Db,
  kinds: readonly string[],
  workerId: string,
  now: Date,
  leaseMs = JOB_LEASE_MS,
): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  const candidate = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.doneAt),
        lte(jobs.runAt, now),
        or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)),
        lt(jobs.attempts, jobs.maxAttempts),
        inArray(jobs.kind, [...kinds]),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), lockedBy: workerId, attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, candidate))
    .returning();
  return row;
}

/** Only the worker holding the claim may settle a job (a lease that ran out may have passed it on). */
const heldBy = (id: string, workerId: string) => and(eq(jobs.id, id), eq(jobs.lockedBy, workerId));

/** Records a run's end: done, or due again at `rerunAt` with its tries counted afresh. */
export async function settleJob(
  db: Db,
  id: string,
  workerId: string,
  result: void | { rerunAt: Date },
  now: Date,
): Promise<void> {
  if (result && "rerunAt" in result) {
    await db
      .update(jobs)
      .set({ runAt: result.rerunAt, lockedUntil: null, lockedBy: null, attempts: 0, lastError: null })
      .where(heldBy(id, workerId));
  } else {
    await db.update(jobs).set({ doneAt: now, lockedUntil: null }).where(heldBy(id, workerId));
  }
}

/** Records a failed run; the job is due again after a backoff, until its tries are used up. */
export async function failJob(db: Db, job: JobRow, workerId: string, error: unknown, now: Date): Promise<void> {
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
  await db
    .update(jobs)
    .set({
      lastError: reason,
      lockedUntil: null,
      runAt: new Date(now.getTime() + jobBackoffMs(job.attempts)),
    })
    .where(heldBy(job.id, workerId));
}

/**
 * Removes queued work that will not run again and was last touched before `before`: jobs done,
 * and jobs whose tries were used up (their last failure is kept in `lastError` until then).
 * Answers how many went.
 */
export async function pruneJobs(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(jobs)
    .where(
      or(
        lt(jobs.doneAt, before),
        and(
          isNull(jobs.doneAt),
          sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
          lt(jobs.runAt, before),
          or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, before)),
        ),
      ),
    )
    .returning({ id: jobs.id });
  return removed.length;
}

/**
 * Removes the record of scheduled runs older than `before`, keeping each job's latest, which
 * tells the next run where the last one ended. Answers how many went.
 */
export async function pruneJobRuns(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(jobRuns)
    .where(
      and(
        lt(jobRuns.ranAt, before),
        sql`EXISTS (SELECT 1 FROM ${jobRuns} AS later WHERE later.job = ${jobRuns.job} AND later.period > ${jobRuns.period})`,
      ),
    )
    .returning({ job: jobRuns.job });
  return removed.length;
}

/**
 * A part of another statement, for its `WITH` (decision 083): queues one job of `kind` for each
 * row of `rows`, with `id`, `payload` and `key` (expressions on those rows), due at `at`, and
 * answers the ids of the jobs queued.
 */
export function insertJobsFrom(rows: SQL, job: { id: SQL; kind: string; payload: SQL; key: SQL; at: SQL }): SQL {
  return sql`INSERT INTO ${jobs} (id, kind, payload, key, run_at, max_attempts, created_at)
    SELECT ${job.id}, ${job.kind}, ${job.payload}, ${job.key}, ${job.at}, ${DEFAULT_MAX_ATTEMPTS}, ${job.at}
    FROM ${rows}
    RETURNING id`;
}

/** Removes the finished jobs of `kind` done before `before`. */
export async function deleteDoneJobs(db: Db, kind: string, before: Date): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.kind, kind), isNotNull(jobs.doneAt), lt(jobs.doneAt, before)));
}
