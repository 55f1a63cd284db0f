import type { AppContext } from "../context.js";
import type { Db } from "../db/client.js";
import { claimJob, failJob, settleJob, type JobRow } from "./queries.js";

/**
 * A persistent work queue in the database (decision 062), on PostgreSQL and
 * PGlite alike. A job is a row; a worker claims a due one with
 * `FOR UPDATE SKIP LOCKED` and a lease (`lockedUntil`), commits the claim at
 * once and runs the handler outside any transaction. Another worker (another
 * server copy) passes over a leased row; a row whose worker died (`kill -9`)
 * becomes due again when its lease ends. Handlers must be safe to run again
 * after a crash: the mailing sender keeps its own per-recipient claims.
 */

export type { JobRow } from "./queries.js";
export { claimJob, dropPendingJob, enqueueJob, JOB_LEASE_MS, type NewJob } from "./queries.js";

/** What a handler may answer: nothing (the job is done), or run it again at a time (more work left). */
export type JobResult = void | { rerunAt: Date };

export interface JobHandler {
  kind: string;
  /** `stopping()` turns true on shutdown: a long handler ends early and answers `rerunAt`. */
  run(ctx: AppContext, job: JobRow, control: { stopping(): boolean }): Promise<JobResult>;
}

/** How often a started worker looks for due jobs when nobody wakes it. */
export const QUEUE_POLL_MS = 5_000;

export interface QueueWorker {
  /** Runs due jobs one after another until none is due; answers how many ran. Tests call this with the test clock. */
  runDue(): Promise<number>;
  /** Looks for due jobs soon (after an enqueue in this process). */
  wake(): void;
  /** Looks now and then every `intervalMs`. */
  start(intervalMs?: number): void;
  /** Stops looking and waits for the job under way; an unfinished job's lease lets another copy take it later. */
  stop(): Promise<void>;
}

/** Workers started in this process, by database, so an enqueue can wake them. */
const workersByDb = new WeakMap<Db, Set<QueueWorker>>();

/** Tells this process's workers on the database that work was added. */
export function wakeWorkers(db: Db): void {
  for (const worker of workersByDb.get(db) ?? []) worker.wake();
}

/**
 * A worker runs one job at a time. Several server copies each run their own
 * worker on the same table; the claim keeps them apart.
 */
export function createQueueWorker(
  ctx: AppContext,
  handlers: readonly JobHandler[],
  options: { workerId?: string; leaseMs?: number } = {},
): QueueWorker {
  const byKind = new Map(handlers.map((handler) => [handler.kind, handler]));
  const kinds = [...byKind.keys()];
  const workerId = options.workerId ?? ctx.newId();
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let again = false;

  async function runOne(): Promise<boolean> {
    const leaseMs = options.leaseMs ?? ctx.config.mailings.jobLeaseMs;
    const job = await claimJob(ctx.db, kinds, workerId, ctx.clock.now(), leaseMs);
    if (!job) return false;
    const handler = byKind.get(job.kind)!;
    try {
      const result = await handler.run(ctx, job, { stopping: () => stopped });
      await settleJob(ctx.db, job.id, workerId, result, ctx.clock.now());
    } catch (error) {
      ctx.log.error({ err: error, job: job.kind, jobId: job.id, attempts: job.attempts }, "job failed");
      await failJob(ctx.db, job, workerId, error, ctx.clock.now());
    }
    return true;
  }

  async function runAll(): Promise<number> {
    let ran = 0;
    do {
      again = false;
      while (!stopped && (await runOne())) ran++;
    } while (again && !stopped);
    return ran;
  }

  const worker: QueueWorker = {
    runDue() {
      if (running) {
        again = true;
        return running;
      }
      running = runAll().finally(() => {
        running = undefined;
      });
      return running;
    },
    wake() {
      if (stopped || !timer) return;
      void worker.runDue().catch((error: unknown) => ctx.log.error({ err: error }, "job queue check failed"));
    },
    start(intervalMs = QUEUE_POLL_MS) {
      let set = workersByDb.get(ctx.db);
      if (!set) workersByDb.set(ctx.db, (set = new Set()));
      set.add(worker);
      timer = setInterval(() => worker.wake(), intervalMs);
      timer.unref();
      worker.wake();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      workersByDb.get(ctx.db)?.delete(worker);
      await running?.catch(() => undefined);
    },
  };
  return worker;
}
