import type { AppContext } from "../context.js";
import { claimRun, hasRun } from "./queries.js";

/** How often a running server looks for due jobs. */
export const JOB_CHECK_INTERVAL_MS = 60_000;

/**
 * A job that runs once per period (a day, say) across every server copy
 * sharing the database.
 */
export interface ScheduledJob {
  name: string;
  /** The period that is due at `now`, as a stable key (e.g. the previous day, `2026-11-24`). */
  dueAt(now: Date): string;
  /** Does the work of one period; `ctx.db` is the transaction that holds the claim. */
  run(ctx: AppContext, period: string): Promise<void>;
}

export interface JobRunner {
  /** Runs every job whose due period nobody has run yet; answers the jobs this copy ran. */
  runDue(): Promise<string[]>;
  /** Checks now, then every `intervalMs`. */
  start(intervalMs: number): void;
  /** Stops the timer (if started) and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * Runs scheduled jobs so that each period runs once however many server
 * copies share the database: a copy claims a period by inserting its
 * `job_runs` row and runs the job in the same transaction. If the job fails,
 * the claim rolls back with everything the job wrote (its emails included),
 * and the next check, on this copy or another, tries again.
 */
export function createJobRunner(ctx: AppContext, jobs: readonly ScheduledJob[]): JobRunner {
  /** The last period each job is known to have run, so most checks cost no query. */
  const done = new Map<string, string>();
  let running: Promise<string[]> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function runJob(job: ScheduledJob): Promise<boolean> {
    const now = ctx.clock.now();
    const period = job.dueAt(now);
    if (done.get(job.name) === period) return false;
    if (await hasRun(ctx.db, job.name, period)) {
      done.set(job.name, period);
      return false;
    }
    const ran = await ctx.db.transaction(async (tx) => {
      if (!(await claimRun(tx, job.name, period, now))) return false;
      await job.run({ ...ctx, db: tx }, period);
      return true;
    });
    done.set(job.name, period);
    if (ran) ctx.log.info({ job: job.name, period }, "scheduled job ran");
    return ran;
  }

  async function runAll(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of jobs) {
      if (stopped) break;
      try {
        if (await runJob(job)) ran.push(job.name);
      } catch (error) {
        ctx.log.error({ err: error, job: job.name }, "scheduled job failed; it is tried again at the next check");
      }
    }
    return ran;
  }

  const runner: JobRunner = {
    runDue() {
      // One check at a time per runner; a second call shares the first.
      running ??= runAll().finally(() => {
        running = undefined;
      });
      return running;
    },
    start(intervalMs) {
      timer = setInterval(() => void runner.runDue(), intervalMs);
      timer.unref();
      void runner.runDue();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
  return runner;
}

/** Starts checking for due jobs now and then every `intervalMs`; stop it on shutdown. */
export function startJobRunner(
  ctx: AppContext,
  jobs: readonly ScheduledJob[],
  intervalMs = JOB_CHECK_INTERVAL_MS,
): JobRunner {
  const runner = createJobRunner(ctx, jobs);
  runner.start(intervalMs);
  return runner;
}
