import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpPeer, type SmtpPeer } from "@cohort/stand-ins/smtp";
import type { AppContext } from "../src/context.js";
import { contactProfiles, jobRuns, jobs, mailingRecipients } from "../src/db/schema/index.js";
import { claimJob, createQueueWorker, enqueueJob } from "../src/jobs/queue.js";
import { createJobRunner } from "../src/jobs/runner.js";
import { JOB_RETENTION_DAYS, queueRetentionJob } from "../src/jobs/retention.js";
import { claimRecipient, markHandingOver, recoverInterrupted } from "../src/modules/mailings/queries.js";
import { mailingJobs, SEND_JOB } from "../src/modules/mailings/sender.js";
import { loginAs } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let peer: SmtpPeer;
let adminCookie: string;
let batch = 0;

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp({ SMTP_URL: peer.url, APP_URL: "https://members.example.org", EMAIL_SEND_RATE: "1000" });
  adminCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] }));
});
afterAll(async () => {
  await t.close();
  await peer.close();
});
beforeEach(() => {
  peer.received.length = 0;
  peer.refuseWith = null;
  peer.delayMs = 0;
});

/** `count` new subscribed contacts under a fresh domain, and a marketing email to them sent and prepared. */
async function mailingTo(count: number, kind: "marketing" | "service" = "marketing") {
  batch++;
  const domain = `@batch${batch}.test`;
  for (let index = 0; index < count; index++) {
    const contact = await makeContact(t.database.db, { email: `p${index}${domain}` });
    await t.database.db
      .update(contactProfiles)
      .set({ newsletterStatus: "subscribed" })
      .where(eq(contactProfiles.contactId, contact.id));
  }
  const created = await call(t.app, "POST", "/mailing", {
    cookie: adminCookie,
    body: {
      kind,
      recipients: {
        type: "rules",
        rules: { condition: "AND", rules: [{ field: "email", operator: "ends_with", value: [domain] }] },
      },
      versions: { en: { subject: `Batch ${batch}`, body: "<p>Hello *|FNAME|*</p>" } },
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id as string;
  const sent = await call(t.app, "POST", `/mailing/${id}/send`, { cookie: adminCookie, body: {} });
  expect(sent.statusCode, sent.body).toBe(200);
  return { id, domain };
}

/** Runs only the job that writes the recipients, so a test can drive the sending itself. */
async function prepare() {
  const worker = createQueueWorker(
    t.ctx,
    mailingJobs.filter((job) => job.kind !== SEND_JOB),
  );
  await worker.runDue();
}

async function statuses(mailingId: string) {
  const rows = await t.database.db.select().from(mailingRecipients).where(eq(mailingRecipients.mailingId, mailingId));
  return rows;
}

/** How many messages each address received. */
function receivedCounts(domain: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of peer.received) {
    for (const to of message.envelopeTo.filter((address) => address.endsWith(domain))) {
      counts.set(to, (counts.get(to) ?? 0) + 1);
    }
  }
  return counts;
}

describe("sending through SMTP", () => {
  it("carries List-Unsubscribe with one-click on marketing emails only", async () => {
    const marketing = await mailingTo(1);
    await createQueueWorker(t.ctx, mailingJobs).runDue();
    const [message] = await peer.waitFor(1);
    expect(message!.headers.get("list-unsubscribe")).toMatch(
      /^<https:\/\/members\.example\.org\/api\/1\.0\/unsubscribe\/[0-9a-f]{32}\.[\w-]+>$/,
    );
    expect(message!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(message!.html).toContain("https://members.example.org/unsubscribe/");
    expect(receivedCounts(marketing.domain).size).toBe(1);
    peer.received.length = 0;
    await mailingTo(1, "service");
    await createQueueWorker(t.ctx, mailingJobs).runDue();
    const [service] = await peer.waitFor(1);
    expect(service!.headers.has("list-unsubscribe")).toBe(false);
  });

  it("retries a temporary refusal later, with backoff, and sends it once", async () => {
    const { id, domain } = await mailingTo(2);
    peer.refuseWith = "Try again later";
    await createQueueWorker(t.ctx, mailingJobs).runDue();
    let rows = await statuses(id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ["queued", 1],
      ["queued", 1],
    ]);
    expect(rows[0]!.reason).toMatch(/Try again later/);
    peer.refuseWith = null;
    // Not before its time …
    await createQueueWorker(t.ctx, mailingJobs).runDue();
    expect((await statuses(id)).every((row) => row.status === "queued")).toBe(true);
    // … and once it has come.
    t.clock.advance(61_000);
    await createQueueWorker(t.ctx, mailingJobs).runDue();
    rows = await statuses(id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ["sent", 2],
      ["sent", 2],
    ]);
    await peer.waitFor(2);
    expect([...receivedCounts(domain).values()]).toEqual([1, 1]);
    const mailing = await call(t.app, "GET", `/mailing/${id}`, { cookie: adminCookie });
    expect(mailing.json()).toMatchObject({ status: "sent", progress: { sent: 2 } });
  });

  it("holds the configured rate, counted through the test clock", async () => {
    const { id } = await mailingTo(5);
    await prepare();
    // Two a second; waiting moves the test clock on, as real time would.
    const ctx: AppContext = {
      ...t.ctx,
      config: { ...t.ctx.config, mailings: { ...t.ctx.config.mailings, ratePerSecond: 2 } },
      sleep: (ms: number) => {
        t.clock.advance(ms);
        return Promise.resolve();
      },
    };
    t.clock.advance(10_000);
    await createQueueWorker(ctx, mailingJobs).runDue();
    const sentAt = (await statuses(id)).map((row) => row.sentAt!.getTime()).sort((a, b) => a - b);
    expect(sentAt).toHaveLength(5);
    const gaps = sentAt.slice(1).map((time, index) => time - sentAt[index]!);
    expect(gaps).toEqual([500, 500, 500, 500]);
  });
});

describe("never twice to one person", () => {
  it("after a server copy dies mid-send: a recipient not yet handed over is sent again, one being handed over is in doubt", async () => {
    const { id, domain } = await mailingTo(5);
    await prepare();
    // A copy takes the send job and two recipients; it records the hand-over of the second to
    // SMTP … and is killed before it records anything more.
    const dead = await claimJob(t.database.db, [SEND_JOB], "dead-copy", t.clock.now());
    expect(dead?.payload).toEqual({ mailingId: id });
    const untouched = await claimRecipient(t.database.db, id, t.clock.now());
    const handing = await claimRecipient(t.database.db, id, t.clock.now());
    expect([untouched?.status, handing?.status]).toEqual(["sending", "sending"]);
    expect(await markHandingOver(t.database.db, handing!, t.clock.now())).toBe(true);
    // A restarted copy finds the job still leased …
    expect(await createQueueWorker(t.ctx, mailingJobs).runDue()).toBe(0);
    // … and takes it over once the lease has run out.
    t.clock.advance(t.config.mailings.jobLeaseMs + 1);
    await createQueueWorker(t.ctx, mailingJobs).runDue();
    const rows = await statuses(id);
    const byStatus = rows.reduce<Record<string, number>>((counts, row) => {
      counts[row.status] = (counts[row.status] ?? 0) + 1;
      return counts;
    }, {});
    expect(byStatus).toEqual({ sent: 4, unknown: 1 });
    const resent = rows.find((row) => row.contactId === untouched!.contactId)!;
    expect(resent).toMatchObject({ status: "sent", resent: true });
    const inDoubt = rows.find((row) => row.contactId === handing!.contactId)!;
    expect(inDoubt.status).toBe("unknown");
    expect(inDoubt.reason).toMatch(/may or may not have arrived/);
    await peer.waitFor(4);
    const counts = receivedCounts(domain);
    expect([...counts.values()]).toEqual([1, 1, 1, 1]);
    expect(counts.get(untouched!.email)).toBe(1);
    expect(counts.has(handing!.email)).toBe(false);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, dead!.id));
    expect(job?.doneAt).not.toBeNull();
    // The email's page counts them.
    const mailing = await call(t.app, "GET", `/mailing/${id}`, { cookie: adminCookie });
    expect(mailing.json()).toMatchObject({ status: "sent", progress: { sent: 4, unknown: 1, resent: 1, failed: 0 } });
  });

  it("after a copy stalls past the interruption time: its recipient, queued and claimed again, is not handed over by it", async () => {
    const { id } = await mailingTo(1);
    await prepare();
    const stale = await claimRecipient(t.database.db, id, t.clock.now());
    // The copy stalls (no crash) until the recipient counts as interrupted and is queued again …
    t.clock.advance(t.ctx.config.mailings.interruptedAfterMs + 1000);
    const now = t.clock.now();
    expect(await recoverInterrupted(t.database.db, id, new Date(now.getTime() - 1000), now, "test")).toEqual({
      requeued: 1,
      unknown: 0,
    });
    // … and another copy claims it: only that claim may hand the message over.
    const fresh = await claimRecipient(t.database.db, id, t.clock.now());
    expect(fresh?.contactId).toBe(stale!.contactId);
    expect(await markHandingOver(t.database.db, stale!, t.clock.now())).toBe(false);
    expect(await markHandingOver(t.database.db, fresh!, t.clock.now())).toBe(true);
  });

  it("with two server copies sending the same email at once", async () => {
    const { id, domain } = await mailingTo(12);
    await prepare();
    peer.delayMs = 5;
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${SEND_JOB}:${id}`));
    const send = mailingJobs.find((handler) => handler.kind === SEND_JOB)!;
    // Two copies each run the send job, as when one's lease ran out while it was still sending.
    const copy = (): AppContext => ({ ...t.ctx, newId: () => crypto.randomUUID() });
    await Promise.all([
      send.run(copy(), job!, { stopping: () => false }),
      send.run(copy(), job!, { stopping: () => false }),
    ]);
    const rows = await statuses(id);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    await peer.waitFor(12);
    const counts = receivedCounts(domain);
    expect(counts.size).toBe(12);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
  });
});

describe("keeping the queue small", () => {
  it("removes work done or out of tries a month ago, and each scheduled job's runs but its latest", async () => {
    await t.database.db.delete(jobs);
    await t.database.db.delete(jobRuns);
    const day = 24 * 3_600_000;
    const add = async (key: string, maxAttempts = 3) => {
      await enqueueJob(t.database.db, t.ctx, { kind: "test.kept", payload: {}, key, maxAttempts });
      return key;
    };
    const done = await add("done");
    const outOfTries = await add("out-of-tries");
    const waiting = await add("waiting");
    const endless = await add("endless", 1_000_000);
    const started = t.clock.now();
    await t.database.db.update(jobs).set({ doneAt: started }).where(eq(jobs.key, done));
    await t.database.db.update(jobs).set({ attempts: 3, lastError: "boom" }).where(eq(jobs.key, outOfTries));
    await t.database.db.update(jobs).set({ attempts: 3 }).where(eq(jobs.key, endless));
    for (const period of ["2026-01-01", "2026-01-02"]) {
      await t.database.db.insert(jobRuns).values({ job: "old-daily", period, ranAt: started });
    }
    const prune = () => createJobRunner(t.ctx, [queueRetentionJob]).runDue();
    const keys = async () => (await t.database.db.select({ key: jobs.key }).from(jobs)).map(({ key }) => key).sort();

    t.clock.advance((JOB_RETENTION_DAYS - 1) * day);
    await prune();
    expect(await keys()).toEqual([done, endless, outOfTries, waiting].sort());

    t.clock.advance(2 * day);
    await prune();
    expect(await keys()).toEqual([endless, waiting].sort());
    const runs = await t.database.db.select({ job: jobRuns.job, period: jobRuns.period }).from(jobRuns);
    // The old job keeps its latest run; the retention's own runs are recent.
    expect(runs.filter(({ job }) => job === "old-daily")).toEqual([{ job: "old-daily", period: "2026-01-02" }]);
    expect(runs.filter(({ job }) => job === "queue-retention")).toHaveLength(2);
  });
});
