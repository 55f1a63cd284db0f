import { dailyDigestJob } from "../modules/responses/digest-service.js";
import { mailingJobs } from "../modules/mailings/sender.js";
import { webhookJobs } from "../modules/webhooks/delivery.js";
import { webhookTimeEventsJob } from "../modules/webhooks/time-events.js";
import type { JobHandler } from "./queue.js";
import type { ScheduledJob } from "./runner.js";

export { createJobRunner, startJobRunner, type JobRunner, type ScheduledJob } from "./runner.js";

/** Every job a running server schedules (decision 030). */
export const scheduledJobs: readonly ScheduledJob[] = [dailyDigestJob, webhookTimeEventsJob];

export { createQueueWorker, enqueueJob, wakeWorkers, type JobHandler, type QueueWorker } from "./queue.js";

/** Every kind of queued work a running server takes on (decision 062). */
export const queuedJobs: readonly JobHandler[] = [...mailingJobs, ...webhookJobs];
