import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { API_PREFIX } from "@cohort/common/http";
import { scrubEvent } from "@cohort/common/reporting";
import { startMailchimpStandIn, type MailchimpStandIn } from "@cohort/stand-ins/mailchimp";
import { contactProfiles, jobs, newsletterReconciliations } from "../src/db/schema/index.js";
import { createQueueWorker, queuedJobs } from "../src/jobs/index.js";
import type { LogDestination } from "../src/lib/log-destination.js";
import { startNewsletterReconciliation } from "../src/modules/newsletter/service.js";
import {
  ensureNewsletterSyncJob,
  reconcile,
  RECONCILIATION_SILENT_MS,
  SYNC_INTERVAL_MS,
  SYNC_JOB,
} from "../src/modules/newsletter/sync.js";
import { subscriberHash } from "../src/providers/newsletter/mailchimp.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

/** Safety of the newsletter sync (decision 065): secrets out of logs, a shared queue, reconciliations that die. */

let t: TestApp;
let mailchimp: MailchimpStandIn;
let webhookPath: string;
let secret: string;
const logged: string[] = [];
const logDestination: LogDestination = {
  write: (line) => void logged.push(line),
  drain: () => Promise.resolve(),
  dropped: 0,
};

beforeAll(async () => {
  mailchimp = await startMailchimpStandIn();
  t = await createTestApp({ MAILCHIMP_API_URL: mailchimp.url, LOG_LEVEL: "debug" }, { logDestination });
  const superadmin = await makeContact(t.database.db, { roles: ["superadmin", "admin"] });
  const cookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: superadmin.email, password: PASSWORD } }),
  );
  const settings = await call(t.app, "PATCH", "/newsletter/settings", {
    cookie,
    body: { provider: "mailchimp", apiKey: mailchimp.apiKey, listId: mailchimp.listId },
  });
  webhookPath = new URL(settings.json<{ webhookUrl: string }>().webhookUrl).pathname;
  secret = webhookPath.slice(`${API_PREFIX}/newsletter/webhook/`.length);
  expect(secret.length).toBeGreaterThan(20);
});
afterAll(async () => {
  await t.close();
  await mailchimp.close();
});

describe("the webhook's secret", () => {
  it("never reaches a log line, whether the request succeeds or fails", async () => {
    logged.length = 0;
    expect((await t.app.inject({ method: "GET", url: webhookPath })).statusCode).toBe(200);
    const posted = await t.app.inject({
      method: "POST",
      url: `${webhookPath}?type=x`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "type=unsubscribe&data[email]=nobody%40example.org",
    });
    expect(posted.statusCode).toBe(200);
    // A malformed body fails the request, which is logged as an error.
    const broken = await t.app.inject({
      method: "POST",
      url: webhookPath,
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(broken.statusCode).toBe(400);
    await new Promise((resolve) => setImmediate(resolve));
    const lines = logged.join("\n");
    expect(lines).toContain(`${API_PREFIX}/newsletter/webhook/[removed]`);
    expect(lines).not.toContain(secret);
  });

  it("is taken out of error reports, even one that does not look like a token", () => {
    // A base64url secret may begin with "-": the scrubber's token pattern then misses it.
    const edge = `-${secret.slice(1)}`;
    const path = `${API_PREFIX}/newsletter/webhook/${edge}`;
    const url = `https://members.example.org${path}`;
    const report = scrubEvent({
      message: `failed at ${path}`,
      request: { url, method: "POST" },
      breadcrumbs: [{ category: "http", data: { url } }],
    });
    expect(JSON.stringify(report)).not.toContain(edge.slice(1));
    expect(report.request.url).toBe(`https://members.example.org${API_PREFIX}/newsletter/webhook/[removed]`);
  });
});

describe("the sync on the shared job queue", () => {
  it("is one job that two server copies never run at once, and that runs again after a restart", async () => {
    await ensureNewsletterSyncJob(t.ctx);
    await ensureNewsletterSyncJob(t.ctx);
    const rows = await t.database.db.select().from(jobs).where(eq(jobs.key, SYNC_JOB));
    expect(rows).toHaveLength(1);
    const reader = await makeContact(t.database.db, { email: "queue.reader@example.org" });
    await t.database.db
      .update(contactProfiles)
      .set({ newsletterStatus: "subscribed" })
      .where(eq(contactProfiles.contactId, reader.id));
    mailchimp.requests.length = 0;
    // Two copies look at once: one takes the job, the other finds it leased.
    const ran = await Promise.all([
      createQueueWorker(t.ctx, queuedJobs, { workerId: "copy-a" }).runDue(),
      createQueueWorker(t.ctx, queuedJobs, { workerId: "copy-b" }).runDue(),
    ]);
    expect(ran.sort()).toEqual([0, 1]);
    const hash = subscriberHash(reader.email);
    expect(mailchimp.requests.filter((request) => request.startsWith("PUT") && request.includes(hash))).toHaveLength(1);
    expect(mailchimp.member(reader.email)?.status).toBe("subscribed");
    // The job stays, due again shortly; a copy started later runs it.
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.key, SYNC_JOB));
    expect(job?.doneAt).toBeNull();
    expect(job!.runAt.getTime()).toBe(t.clock.now().getTime() + SYNC_INTERVAL_MS);
    await t.database.db
      .update(contactProfiles)
      .set({ newsletterStatus: "unsubscribed" })
      .where(eq(contactProfiles.contactId, reader.id));
    t.clock.advance(SYNC_INTERVAL_MS);
    expect(await createQueueWorker(t.ctx, queuedJobs, { workerId: "copy-c" }).runDue()).toBe(1);
    expect(mailchimp.member(reader.email)?.status).toBe("unsubscribed");
  });
});

describe("a reconciliation whose server copy died", () => {
  it("blocks nothing: it is marked failed once silent, and a new one starts", async () => {
    const deadId = t.ctx.newId();
    const startedAt = t.clock.now();
    await t.database.db
      .insert(newsletterReconciliations)
      .values({ id: deadId, status: "running", startedAt, heartbeatAt: startedAt });
    // While it is recent, asking again answers the one running.
    const same = await startNewsletterReconciliation(t.ctx);
    expect(same.reconciliation.id).toBe(deadId);
    t.clock.advance(RECONCILIATION_SILENT_MS + 1);
    const fresh = await startNewsletterReconciliation(t.ctx);
    expect(fresh.reconciliation.id).not.toBe(deadId);
    await fresh.finished;
    const [dead] = await t.database.db
      .select()
      .from(newsletterReconciliations)
      .where(eq(newsletterReconciliations.id, deadId));
    expect(dead).toMatchObject({ status: "failed" });
    expect(dead!.error).toMatch(/Interrupted/);
    const latest = await call(t.app, "GET", "/newsletter/reconciliation", {
      cookie: sessionCookie(
        await call(t.app, "POST", "/auth/login", {
          body: { email: (await makeContact(t.database.db, { roles: ["admin"] })).email, password: PASSWORD },
        }),
      ),
    });
    expect(latest.json().reconciliation).toMatchObject({ id: fresh.reconciliation.id, status: "done" });
    // The copy that was thought dead wakes up: it stops rather than writing over the verdict.
    await reconcile(t.ctx, deadId);
    const [after] = await t.database.db
      .select()
      .from(newsletterReconciliations)
      .where(eq(newsletterReconciliations.id, deadId));
    expect(after).toMatchObject({ status: "failed", done: 0 });
  });
});
