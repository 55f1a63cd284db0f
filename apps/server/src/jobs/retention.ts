import { ONE_DAY } from "@cohort/common/time";
import { pruneJobRuns, pruneJobs } from "./queries.js";
import type { ScheduledJob } from "./runner.js";

/** How long finished work and the record of scheduled runs are kept. */
export const JOB_RETENTION_DAYS = 30;

/**
 * Once a day, removes queued work that will not run again (done, or out of tries) and the
 * record of scheduled runs, older than JOB_RETENTION_DAYS; each scheduled job keeps its latest
 * run. Without it both tables grow by every email sent and every hour. A day missed is made up
 * by the next run.
 */
export const queueRetentionJob: ScheduledJob = {
  name: "queue-retention",
  dueAt: (now) => now.toISOString().slice(0, 10),
  run: async (ctx) => {
    const before = new Date(ctx.clock.now().getTime() - JOB_RETENTION_DAYS * ONE_DAY);
    const jobs = await pruneJobs(ctx.db, before);
    const runs = await pruneJobRuns(ctx.db, before);
    if (jobs + runs > 0) ctx.log.info({ jobs, runs, before: before.toISOString() }, "old queued work removed");
  },
};
