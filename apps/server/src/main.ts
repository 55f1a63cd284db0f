import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { newUuid, realSleep, systemClock } from "./context.js";
import { openMigratedDatabase } from "./runtime.js";
import { sweepExpiredSessions, sweepLoginCounters } from "./modules/auth/service.js";
import { deleteExpiredKeys } from "./modules/idempotency/service.js";
import { SESSION_CLEANUP_INTERVAL_MS } from "./http/auth.js";
import { isSetupRequired, issueSetupToken } from "./modules/setup/service.js";
import { AltchaCaptchaProvider } from "./providers/captcha/altcha.js";
import { createStorageProvider } from "./providers/storage/index.js";
import { S3StorageProvider } from "./providers/storage/s3.js";
import { createEmailProvider } from "./providers/email/index.js";
import { startEmailDelivery } from "./modules/emails/delivery.js";
import { createQueueWorker, queuedJobs, scheduledJobs, startJobRunner } from "./jobs/index.js";
import { ensureNewsletterSyncJob } from "./modules/newsletter/sync.js";
import { buildPaymentProviders } from "./modules/payments/service.js";
import { gracefulShutdown } from "./shutdown.js";
import { createLogDestination } from "./lib/log-destination.js";
import { startErrorReporting } from "./lib/error-reporting.js";

const config = loadConfig();
const database = await openMigratedDatabase(config);
const email = createEmailProvider(config.email);
const storage = createStorageProvider(config.storage);
const logDestination = createLogDestination();
const app = await buildApp({ config, db: database.db, email, storage, logDestination });

const baseCtx = {
  db: database.db,
  config,
  clock: systemClock,
  newId: newUuid,
  sleep: realSleep,
  log: app.log,
  captcha: new AltchaCaptchaProvider({ db: database.db, clock: systemClock, hmacKey: config.captcha.hmacKey }),
  storage,
  email,
};
const ctx = { ...baseCtx, payments: buildPaymentProviders(config, baseCtx) };
if (await isSetupRequired(ctx)) {
  const token = await issueSetupToken(ctx);
  const link = `${config.appUrl}/setup?token=${token}`;
  app.log.warn({ setupLink: link }, "No admin yet: open the setup link to create one");
  process.stdout.write(`\n  Cohort has no admin yet. Create one here (this link works once):\n\n    ${link}\n\n`);
}

const cleanup = setInterval(() => {
  sweepExpiredSessions({ db: database.db, clock: systemClock }).catch((error: unknown) =>
    app.log.error({ err: error }, "session cleanup failed"),
  );
  sweepLoginCounters({ db: database.db, clock: systemClock }).catch((error: unknown) =>
    app.log.error({ err: error }, "login counter cleanup failed"),
  );
  deleteExpiredKeys(ctx).catch((error: unknown) => app.log.error({ err: error }, "idempotency key cleanup failed"));
}, SESSION_CLEANUP_INTERVAL_MS);
cleanup.unref();
const emailDelivery = startEmailDelivery(ctx);
const jobs = startJobRunner(ctx, scheduledJobs);
await ensureNewsletterSyncJob(ctx);
const queue = createQueueWorker(ctx, queuedJobs);
queue.start();

const shutdown = gracefulShutdown({
  app,
  timeoutMs: config.shutdownTimeoutMs,
  steps: [
    { name: "session cleanup", run: () => clearInterval(cleanup) },
    // Before email delivery stops, so emails a job under way writes are tried too.
    { name: "scheduled jobs", run: () => jobs.stop() },
    // A batch under way (an email's, the newsletter sync's) stops after its message on the wire;
    // the rest waits in the queue for the next start.
    { name: "job queue", run: () => queue.stop() },
    // After the server has closed, so emails queued by the last requests are tried too.
    { name: "email delivery", run: () => emailDelivery.stop() },
    { name: "email provider", run: () => email.close() },
    { name: "storage", run: () => (storage instanceof S3StorageProvider ? storage.destroy() : undefined) },
    { name: "database", run: () => database.close() },
    // Reports of the last requests' errors still go out.
    {
      name: "error reports",
      run: async () => void (await startErrorReporting(config, app.log)?.then((r) => r.flush(2000))),
    },
    // Log lines still on their way get a moment; a reader that is gone or stalled does not hold up the exit.
    { name: "logs", run: () => logDestination.drain(Math.min(1000, config.shutdownTimeoutMs / 4)) },
  ],
});
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
app.log.info({ database: database.kind, url: config.appUrl }, "Cohort is running");
