import { ONE_DAY } from "@cohort/common/time";
import type { ScheduledJob } from "../../jobs/runner.js";
import * as queries from "./queries.js";

/**
 * Once a day, removes activity entries older than ACTIVITY_RETENTION_DAYS
 * (decision 070). Runs once per day across every server copy (decision 030);
 * a day missed is made up by the next run, which removes everything too old.
 */
export const activityRetentionJob: ScheduledJob = {
  name: "activity-retention",
  dueAt: (now) => now.toISOString().slice(0, 10),
  run: async (ctx) => {
    const before = new Date(ctx.clock.now().getTime() - ctx.config.activity.retentionDays * ONE_DAY);
    const removed = await queries.deleteActivityBefore(ctx.db, before);
    if (removed > 0) ctx.log.info({ removed, before: before.toISOString() }, "old activity entries removed");
  },
};
