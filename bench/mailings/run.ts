/**
 * Emails to many (decision 062), on a throwaway PostgreSQL server:
 *
 * - queue: 100,000 contacts become recipients of one email (time, and this process's memory
 *   while the recipients are written);
 * - rate: sending to the SMTP stand-in at a configured rate, measured from the recorded
 *   send times, next to the 5 % tolerance;
 * - kill: a Cohort server process sending an email is killed with SIGKILL halfway, started
 *   again, and the deliveries are counted: sent, sent again (their hand-over had not started),
 *   unknown (cut off during the hand-over, and how many of those arrived), lost and doubled,
 *   both of which must be 0 (decision 065).
 *
 * `ONLY=queue,rate,kill` runs some; `CONTACTS` changes the 100,000.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { startSmtpPeer, type SmtpPeer } from "@cohort/stand-ins/smtp";
import { startPostgres } from "../../apps/server/test/helpers/postgres-server.js";
import { buildApp } from "../../apps/server/src/app.js";
import { openDatabase } from "../../apps/server/src/db/client.js";
import { loadConfig } from "../../apps/server/src/config.js";
import type { AppContext } from "../../apps/server/src/context.js";
import { realSleep, systemClock } from "../../apps/server/src/context.js";
import { mailingRecipients } from "../../apps/server/src/db/schema/index.js";
import type { Identity } from "../../apps/server/src/http/auth.js";
import { createQueueWorker } from "../../apps/server/src/jobs/queue.js";
import { mailingJobs, SEND_JOB } from "../../apps/server/src/modules/mailings/sender.js";
import { createMailing, sendMailing } from "../../apps/server/src/modules/mailings/service.js";
import { buildPaymentProviders } from "../../apps/server/src/modules/payments/service.js";
import { createEmailProvider } from "../../apps/server/src/providers/email/index.js";
import { startLocalCohort } from "../local-server.js";
import { createBenchDatabase } from "../postgres.js";

const only = (process.env.ONLY ?? "queue,rate,kill").split(",");
const CONTACTS = Number(process.env.CONTACTS ?? 100_000);
const admin: Identity = { method: "user", contact: null, roles: ["admin"] };

/** `DATABASE=pglite` runs the queue and rate parts on the embedded database, Cohort's default. */
const onPglite = process.env.DATABASE === "pglite";
const server = onPglite ? null : await startPostgres();
const { url, database } = server ? await createBenchDatabase(server) : { url: "", database: await openPglite() };
const db = database.db;
const peer: SmtpPeer = await startSmtpPeer();

function contextFor(env: Record<string, string>): AppContext {
  const config = loadConfig({
    NODE_ENV: "production",
    ...(url ? { DATABASE_URL: url } : {}),
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: "/nonexistent",
    APP_URL: "https://members.example.org",
    ...env,
  });
  const email = createEmailProvider(config.email);
  const base = {
    db,
    config,
    clock: systemClock,
    newId: randomUUID,
    sleep: realSleep,
    log: silentLog,
    email,
  } as unknown as Omit<AppContext, "payments">;
  return { ...base, payments: buildPaymentProviders(config, base) };
}

const silentLog = (
  await buildApp({
    config: loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", WEB_DIST_DIR: "/nonexistent" }),
    db,
    logger: false,
  })
).log;

/** `count` contacts with addresses `<prefix><n>@bench.test`, written by the database itself. */
async function makeContacts(prefix: string, count: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO contacts (id, email, firstname, lastname, joined)
    SELECT gen_random_uuid(), ${prefix} || n || '@bench.test', 'Reader', 'No ' || n, now()
    FROM generate_series(1, ${count}) AS n`);
  await db.execute(sql`
    INSERT INTO contact_profiles (contact_id, newsletter_status)
    SELECT id, CASE WHEN random() < 0.1 THEN 'unsubscribed' ELSE 'subscribed' END FROM contacts
    WHERE email LIKE ${`${prefix}%`}`);
  await db.execute(sql`
    INSERT INTO contributions (contact_id) SELECT id FROM contacts WHERE email LIKE ${`${prefix}%`}`);
}

async function mailingTo(ctx: AppContext, prefix: string): Promise<string> {
  const mailing = await createMailing(ctx, admin, {
    kind: "marketing",
    recipients: {
      type: "rules",
      rules: { condition: "AND", rules: [{ field: "email", operator: "begins_with", value: [prefix] }] },
    },
    versions: { en: { subject: "News for *|FNAME|*", body: "<p>Hello *|FNAME|*, here is the news.</p>" } },
  });
  await sendMailing(ctx, admin, mailing.id, {});
  return mailing.id;
}

async function countByStatus(mailingId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: mailingRecipients.status, n: sql<number>`count(*)::int` })
    .from(mailingRecipients)
    .where(eq(mailingRecipients.mailingId, mailingId))
    .groupBy(mailingRecipients.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

const print = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

if (only.includes("queue")) {
  const ctx = contextFor({});
  const started = Date.now();
  await makeContacts("q", CONTACTS);
  print(`queue: ${CONTACTS} contacts written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const mailingId = await mailingTo(ctx, "q");
  global.gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  // Only the job that writes the recipients; nothing is sent.
  await createQueueWorker(
    ctx,
    mailingJobs.filter((job) => job.kind !== SEND_JOB),
  ).runDue();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const after = process.memoryUsage();
  const counts = await countByStatus(mailingId);
  // Nothing of this one is sent: the other parts measure sending.
  await db.execute(sql`DELETE FROM jobs WHERE payload->>'mailingId' = ${mailingId}`);
  await db.execute(sql`UPDATE mailings SET status = 'sent' WHERE id = ${mailingId}`);
  print(
    `queue: ${CONTACTS} recipients queued in ${seconds.toFixed(2)} s (goal < 10 s) — ${JSON.stringify(counts)}; ` +
      `this process: rss ${mb(before.rss)} → peak ${mb(peak)} → ${mb(after.rss)}, heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)}`,
  );
}

if (only.includes("rate")) {
  for (const [rate, count] of [
    [2, 21],
    [20, 201],
  ] as const) {
    const prefix = `r${rate}-`;
    await makeContacts(prefix, count);
    await db.execute(sql`UPDATE contact_profiles SET newsletter_status = 'subscribed'
      WHERE contact_id IN (SELECT id FROM contacts WHERE email LIKE ${`${prefix}%`})`);
    const ctx = contextFor({ SMTP_URL: peer.url, EMAIL_SEND_RATE: String(rate) });
    const mailingId = await mailingTo(ctx, prefix);
    await createQueueWorker(ctx, mailingJobs).runDue();
    const times = (
      await db
        .select({ sentAt: mailingRecipients.sentAt })
        .from(mailingRecipients)
        .where(eq(mailingRecipients.mailingId, mailingId))
    )
      .map((row) => row.sentAt!.getTime())
      .sort((a, b) => a - b);
    const measured = (times.length - 1) / ((times.at(-1)! - times[0]!) / 1000);
    const off = ((measured - rate) / rate) * 100;
    print(
      `rate: ${times.length} messages at ${rate}/s configured → ${measured.toFixed(2)}/s measured (${off >= 0 ? "+" : ""}${off.toFixed(1)} %, goal within 5 %)`,
    );
    ctx.email.close();
  }
}

async function openPglite() {
  const opened = await openDatabase({
    kind: "pglite",
    dataDir: mkdtempSync(path.join(os.tmpdir(), "cohort-bench-pglite-")),
  });
  await opened.migrate();
  return opened;
}

if (only.includes("kill") && !onPglite) {
  const count = 400;
  const prefix = "k-";
  await makeContacts(prefix, count);
  await db.execute(sql`UPDATE contact_profiles SET newsletter_status = 'subscribed'
    WHERE contact_id IN (SELECT id FROM contacts WHERE email LIKE ${`${prefix}%`})`);
  peer.received.length = 0;
  const env = {
    DATABASE_URL: url,
    SMTP_URL: peer.url,
    EMAIL_SEND_RATE: "40",
    JOB_LEASE_MS: "4000",
    EMAIL_SEND_INTERRUPTED_AFTER_MS: "3000",
  };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "cohort-bench-mail-"));
  let cohort = await startLocalCohort(dataDir, env);
  const mailingId = await mailingTo(contextFor({}), prefix);
  // Kill it once about half has gone out, in the middle of its work.
  while (peer.received.length < count / 2) await realSleep(20);
  cohort.process.kill("SIGKILL");
  const atKill = peer.received.length;
  await realSleep(200);
  cohort = await startLocalCohort(dataDir, env);
  let status = "";
  for (let waited = 0; waited < 120_000 && status !== "sent"; waited += 250) {
    await realSleep(250);
    const result = await db.execute(sql`SELECT status FROM mailings WHERE id = ${mailingId}`);
    const row = (result as { rows: { status: string }[] }).rows[0];
    status = row?.status ?? "";
  }
  await cohort.stop();
  const perAddress = new Map<string, number>();
  for (const message of peer.received) {
    for (const to of message.envelopeTo) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
  }
  const doubled = [...perAddress.values()].filter((n) => n > 1).length;
  const counts = await countByStatus(mailingId);
  const rows = await db
    .select({ email: mailingRecipients.email, status: mailingRecipients.status, resent: mailingRecipients.resent })
    .from(mailingRecipients)
    .where(eq(mailingRecipients.mailingId, mailingId));
  const unknown = rows.filter((row) => row.status === "unknown");
  const resent = rows.filter((row) => row.resent && row.status === "sent").length;
  // Lost: neither delivered nor reported (failed or unknown); a row marked sent that never arrived counts too.
  const lost = rows.filter(
    (row) => !perAddress.has(row.email) && row.status !== "unknown" && row.status !== "failed",
  ).length;
  print(
    `kill: ${count} recipients; SIGKILL after ${atKill} delivered; mailing ${status || "not finished"}; ` +
      `rows ${JSON.stringify(counts)}; delivered to ${perAddress.size} addresses; sent ${counts.sent ?? 0}, ` +
      `re-sent ${resent}, unknown ${unknown.length} (${unknown.filter((row) => perAddress.has(row.email)).length} of them arrived), ` +
      `lost ${lost} (must be 0), doubled ${doubled} (must be 0)`,
  );
}

await peer.close();
await database.close();
await server?.stop();
