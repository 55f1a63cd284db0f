import type { ScheduledJob } from "../../jobs/runner.js";
import { runRecoveryChecks } from "./service.js";

/** The hour `now` falls in (UTC), as the job's period: `2026-11-28T20`. */
const currentHour = (now: Date) => now.toISOString().slice(0, 13);

/** Every hour: failed renewals whose grace period ended lapse, and due reminders go out (decision 066). */
export const recoveryJob: ScheduledJob = {
  name: "payment-recovery",
  dueAt: currentHour,
  run: async (ctx) => {
    const { lapsed, reminded } = await runRecoveryChecks(ctx);
    if (lapsed > 0 || reminded > 0) ctx.log.info({ lapsed, reminded }, "failed renewals checked");
  },
};
