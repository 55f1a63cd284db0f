import { activityRetentionJob } from "../modules/activity/retention.js";
import { dailyDigestJob } from "../modules/responses/digest/service.js";
import { mailingJobs } from "../modules/mailings/sender.js";
import { resumePausesJob } from "../modules/contributions/pause-service.js";
import { recoveryJob } from "../modules/recovery/job.js";
import { newsletterSyncJob } from "../modules/newsletter/sync.js";
import { webhookJobs } from "../modules/webhooks/delivery.js";
import { webhookRetentionJob, webhookTimeEventsJob } from "../modules/webhooks/time-events.js";
import type { JobHandler } from "./queue.js";
import { queueRetentionJob } from "./retention.js";
import type { ScheduledJob } from "./runner.js";

export { createJobRunner, startJobRunner, type JobRunner, type ScheduledJob } from "./runner.js";

/** Every job a running server schedules (decision 030). */
export const scheduledJobs: readonly ScheduledJob[] = [
  dailyDigestJob,
  activityRetentionJob,
  resumePausesJob,
  recoveryJob,
  webhookTimeEventsJob,
  webhookRetentionJob,
  queueRetentionJob,
];

export { createQueueWorker, enqueueJob, wakeWorkers, type JobHandler, type QueueWorker } from "./queue.js";

/** Every kind of queued work a running server takes on (decisions 062, 065 and 069). */
export const queuedJobs: readonly JobHandler[] = [...mailingJobs, newsletterSyncJob, ...webhookJobs];
