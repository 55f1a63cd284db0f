import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { calloutReviewers, emailOutbox, jobRuns } from "../src/db/schema/index.js";
import { createJobRunner, type ScheduledJob } from "../src/jobs/index.js";
import { dailyDigestJob, previousDay } from "../src/modules/responses/digest/service.js";
import { respond } from "./helpers/callout-factory.js";
import { inboxAnswers, makeInboxFixture, type InboxFixture } from "./helpers/inbox-fixture.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let f: InboxFixture;

/** Moves the test clock to an exact time. */
const setClock = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());

beforeAll(async () => {
  t = await createTestApp();
  // The fixture's responses arrive a minute apart from 10:01 on 10 January 2030 (UTC).
  setClock("2030-01-10T10:00:00.000Z");
  f = await makeInboxFixture(t);
  const saved = await Promise.all([
    call(t.app, "PUT", `/callout/${f.callout.id}/notifications`, {
      cookie: f.admin.cookie,
      body: {
        recipients: [
          { contactId: f.reviewer.row.id, eachResponse: false, thresholds: false, dailyDigest: true },
          // Older clients leave the digest out: it stays off.
          { contactId: f.admin.row.id, eachResponse: true, thresholds: false },
        ],
        thresholds: [],
      },
    }),
    call(t.app, "PUT", `/callout/${f.other.id}/notifications`, {
      cookie: f.admin.cookie,
      body: {
        recipients: [{ contactId: f.otherReviewer.row.id, eachResponse: false, thresholds: false, dailyDigest: true }],
        thresholds: [],
      },
    }),
  ]);
  for (const response of saved) expect(response.statusCode, response.body).toBe(200);
});
afterAll(() => t.close());

async function digestsTo(email: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.templateId, "callout-response-digest")))
    .orderBy(emailOutbox.createdAt);
}

async function answer(name: string): Promise<{ id: string; number: number }> {
  const response = await respond(t.app, f.callout.id, { answers: inboxAnswers(name) }, { cookie: f.member.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("the daily digest of new responses", () => {
  it("keeps the digest choice with the other notification settings", async () => {
    const read = await call(t.app, "GET", `/callout/${f.callout.id}/notifications`, { cookie: f.admin.cookie });
    const byContact = Object.fromEntries(
      (read.json().recipients as { contactId: string; dailyDigest: boolean }[]).map((row) => [
        row.contactId,
        row.dailyDigest,
      ]),
    );
    expect(byContact).toEqual({ [f.reviewer.row.id]: true, [f.admin.row.id]: false });
  });

  it("lists the previous day's responses with their numbers and links, to each digest recipient", async () => {
    expect(previousDay(new Date("2030-01-11T00:05:00.000Z"))).toBe("2030-01-10");
    setClock("2030-01-11T00:05:00.000Z");
    const ran = await createJobRunner(t.ctx, [dailyDigestJob]).runDue();
    expect(ran).toEqual(["callout-response-digest"]);

    const [digest, ...more] = await digestsTo(f.reviewer.row.email);
    expect(more).toEqual([]);
    const title = (await call(t.app, "GET", `/callout/${f.callout.id}`, { cookie: f.admin.cookie })).json().title;
    expect(digest!.subject).toBe(`New responses to “${title}” on Thursday, 10 January 2030: 3`);
    expect(digest!.textBody).toContain("New responses on Thursday, 10 January 2030 (UTC): 3.");
    const inbox = `${t.config.appUrl}/admin/callouts/view/${f.callout.id}/responses`;
    for (const [index, id] of f.responseIds.entries()) {
      expect(digest!.textBody).toContain(`#${index + 1}: ${inbox}/${id}`);
      expect(digest!.htmlBody).toContain(`href="${inbox}/${id}"`);
    }
    expect(digest!.textBody).toContain(`All responses: ${inbox}`);
    expect(digest!.textBody).not.toContain("The story of");
    expect(digest!.contactId).toBe(f.reviewer.row.id);

    const [other, ...otherMore] = await digestsTo(f.otherReviewer.row.email);
    expect(otherMore).toEqual([]);
    expect(other!.textBody).toContain(
      `#1: ${t.config.appUrl}/admin/callouts/view/${f.other.id}/responses/${f.otherResponseId}`,
    );
    // The admin asked for every response, not for a digest.
    expect(await digestsTo(f.admin.row.email)).toEqual([]);
  });

  it("runs a day once: a second check, on this copy or another, sends nothing more", async () => {
    expect(await createJobRunner(t.ctx, [dailyDigestJob]).runDue()).toEqual([]);
    const runner = createJobRunner(t.ctx, [dailyDigestJob]);
    expect(await runner.runDue()).toEqual([]);
    expect(await digestsTo(f.reviewer.row.email)).toHaveLength(1);
  });

  it("sends nothing about a day without new responses", async () => {
    setClock("2030-01-12T00:01:00.000Z");
    expect(await createJobRunner(t.ctx, [dailyDigestJob]).runDue()).toEqual(["callout-response-digest"]);
    expect(await digestsTo(f.reviewer.row.email)).toHaveLength(1);
    expect(await digestsTo(f.otherReviewer.row.email)).toHaveLength(1);
  });

  it("lets exactly one of several server copies checking at once send a day's digest", async () => {
    setClock("2030-01-12T15:00:00.000Z");
    const fresh = await answer("Fay");
    setClock("2030-01-13T00:00:30.000Z");
    const runners = Array.from({ length: 4 }, () => createJobRunner({ ...t.ctx }, [dailyDigestJob]));
    // Only a pool of connections lets the copies race (PostgreSQL); PGlite's one connection
    // serves their checks one after another, so there they check in turn, as they would anyway.
    const ran: string[][] = [];
    if (inject("database").kind === "postgres") ran.push(...(await Promise.all(runners.map((r) => r.runDue()))));
    else for (const runner of runners) ran.push(await runner.runDue());
    expect(ran.flat()).toEqual(["callout-response-digest"]);
    const digests = await digestsTo(f.reviewer.row.email);
    expect(digests).toHaveLength(2);
    expect(digests[1]!.subject).toContain("on Saturday, 12 January 2030: 1");
    expect(digests[1]!.textBody).toContain(`#${fresh.number}: `);
    expect(digests[1]!.textBody).toContain(`/responses/${fresh.id}`);
    const claims = await t.database.db.select().from(jobRuns).where(eq(jobRuns.job, "callout-response-digest"));
    expect(claims.map((row) => row.period).sort()).toEqual(["2030-01-10", "2030-01-11", "2030-01-12"]);
  });
});

describe("the job runner", () => {
  it("gives a failed period back, with what it wrote, so the next check runs it again", async () => {
    let attempts = 0;
    const periods: string[] = [];
    const flaky: ScheduledJob = {
      name: "flaky",
      dueAt: previousDay,
      run: async (ctx, period) => {
        attempts++;
        await ctx.db.insert(jobRuns).values({ job: "flaky-trace", period: String(attempts), ranAt: ctx.clock.now() });
        if (attempts === 1) throw new Error("first attempt fails");
        periods.push(period);
      },
    };
    const runner = createJobRunner(t.ctx, [flaky]);
    expect(await runner.runDue()).toEqual([]);
    expect(await runner.runDue()).toEqual(["flaky"]);
    expect(await runner.runDue()).toEqual([]);
    expect(periods).toEqual(["2030-01-12"]);
    const traces = await t.database.db.select().from(jobRuns).where(eq(jobRuns.job, "flaky-trace"));
    expect(traces.map((row) => row.period)).toEqual(["2"]);
  });

  it("checks at once when started, and stopping waits for the run under way", async () => {
    const runs: string[] = [];
    const job: ScheduledJob = {
      name: "started",
      dueAt: previousDay,
      run: async (ctx, period) => {
        await ctx.db.select().from(jobRuns).limit(1);
        runs.push(period);
      },
    };
    const runner = createJobRunner(t.ctx, [job]);
    runner.start(60_000);
    await runner.stop();
    expect(runs).toEqual(["2030-01-12"]);
  });

  it("stops checking once stopped", async () => {
    const runs: string[] = [];
    const job: ScheduledJob = {
      name: "stopped",
      dueAt: previousDay,
      run: async (_ctx, period) => {
        runs.push(period);
      },
    };
    const runner = createJobRunner(t.ctx, [job]);
    await runner.stop();
    expect(await runner.runDue()).toEqual([]);
    expect(runs).toEqual([]);
  });
});

describe("a digest recipient who is no longer staff", () => {
  it("gets no digest once they stop reviewing the callout", async () => {
    await t.database.db
      .delete(calloutReviewers)
      .where(and(eq(calloutReviewers.calloutId, f.callout.id), eq(calloutReviewers.contactId, f.reviewer.row.id)));
    setClock("2030-01-13T12:00:00.000Z");
    await answer("Gus");
    setClock("2030-01-14T00:00:30.000Z");
    expect(await createJobRunner(t.ctx, [dailyDigestJob]).runDue()).toEqual(["callout-response-digest"]);
    expect(await digestsTo(f.reviewer.row.email)).toHaveLength(2);
  });
});
