import { dailyDigestJob } from "../modules/responses/digest-service.js";
import type { ScheduledJob } from "./runner.js";

export { createJobRunner, startJobRunner, type JobRunner, type ScheduledJob } from "./runner.js";

/** Every job a running server schedules (decision 030). */
export const scheduledJobs: readonly ScheduledJob[] = [dailyDigestJob];
