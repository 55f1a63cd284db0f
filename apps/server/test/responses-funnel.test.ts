import { createHash, createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalloutFunnel } from "@cohort/common/callouts";
import { calloutFunnelSchema } from "@cohort/common/callouts";
import type { FormSchemaInput } from "@cohort/common/callouts";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from "@cohort/common/http";
import { ONE_DAY } from "@cohort/common/time";
import { appKey } from "../src/db/app-keys.js";
import { FUNNEL_REPORT_LIMIT } from "../src/http/rate-limits.js";
import { calloutFunnelCounters, calloutReviewers, throttleCounters } from "../src/db/schema/index.js";
import { loginAs, makeCallout, type MadeCallout } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { rulesQuery } from "./helpers/inbox-fixture.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

/** Three slides, each with one optional question. */
const form: FormSchemaInput = {
  slides: ["s1", "s2", "s3"].map((id, index) => ({
    id,
    title: `Part ${index + 1}`,
    navigation: { nextSlideId: null },
    components: [{ id: `c-${id}`, key: "q", type: "textfield", label: `Question ${index + 1}`, input: true }],
  })),
};

let t: TestApp;
let callout: MadeCallout;
let closed: MadeCallout;
let adminCookie: string;
let reviewerCookie: string;
let memberCookie: string;
/** The first day counted: midnight UTC, with a few hours to spare in it. */
let firstDay: Date;

const day = (date: Date) => date.toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  // Counters are kept per UTC day: start the day's reports at 09:00.
  const now = t.clock.now();
  firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  t.clock.advance(firstDay.getTime() + 9 * 3_600_000 - now.getTime());
  callout = await makeCallout(t.database.db, t.clock, { access: "anonymous", allowMultiple: true, formSchema: form });
  closed = await makeCallout(t.database.db, t.clock, {
    access: "anonymous",
    formSchema: form,
    starts: new Date(firstDay.getTime() - 3 * ONE_DAY),
    expires: new Date(firstDay.getTime() - ONE_DAY),
  });
  const admin = await makeContact(t.database.db, { roles: ["admin", "member"] });
  const reviewer = await makeContact(t.database.db, { roles: ["member"] });
  const member = await makeContact(t.database.db, { roles: ["member"] });
  adminCookie = await loginAs(t.app, admin);
  reviewerCookie = await loginAs(t.app, reviewer);
  memberCookie = await loginAs(t.app, member);
  await t.database.db
    .insert(calloutReviewers)
    .values({ id: crypto.randomUUID(), calloutId: callout.id, contactId: reviewer.id, createdAt: t.clock.now() });
});
afterAll(() => t.close());

const report = (body: unknown, idOrSlug = callout.slug, remoteAddress?: string) =>
  call(t.app, "POST", `/callout/${idOrSlug}/responses/funnel`, {
    body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

async function reportAll(bodies: unknown[]): Promise<void> {
  for (const body of bodies) {
    const response = await report(body);
    expect(response.statusCode, response.body).toBe(204);
  }
}

async function funnel(query = "", cookie = adminCookie): Promise<CalloutFunnel> {
  const response = await call(t.app, "GET", `/callout/${callout.id}/responses/funnel${query}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return calloutFunnelSchema.parse(response.json());
}

const respond = (key?: string) =>
  call(t.app, "POST", `/callout/${callout.slug}/responses`, {
    body: { answers: { s1: { q: "yes" }, s2: {}, s3: {} } },
    ...(key ? { headers: { [IDEMPOTENCY_KEY_HEADER]: key } } : {}),
  });

const opened = { stage: "opened" };
const started = { stage: "started" };
const reached = (slideId: string) => ({ stage: "slide", slideId });

describe("the funnel of a callout's form", () => {
  it("counts each reported stage and each response saved, per day, and sums the days", async () => {
    // Day 1: four visits open the form, three start, two reach part 2, one part 3 and sends it.
    await reportAll([opened, opened, opened, opened, started, started, started]);
    await reportAll([reached("s2"), reached("s2"), reached("s3")]);
    expect((await respond()).statusCode).toBe(200);
    // Day 2: two open, one starts and gives up on the first slide.
    t.clock.advance(ONE_DAY);
    await reportAll([opened, opened, started]);

    expect(await funnel()).toEqual({
      opened: 6,
      started: 4,
      slides: [
        { id: "s2", title: "Part 2", reached: 2 },
        { id: "s3", title: "Part 3", reached: 1 },
      ],
      submitted: 1,
      firstDay: day(firstDay),
      lastDay: day(new Date(firstDay.getTime() + ONE_DAY)),
    });
    const rows = await t.database.db
      .select()
      .from(calloutFunnelCounters)
      .where(eq(calloutFunnelCounters.calloutId, callout.id));
    // One row per stage (and slide) and day, holding nothing but the count.
    expect(rows).toHaveLength(7);
    expect(Object.keys(rows[0]!).sort()).toEqual(["calloutId", "count", "day", "slideId", "stage"]);
  });

  it("follows the summary's dates of creation, by whole days, and ignores its other rules", async () => {
    const second = day(new Date(firstDay.getTime() + ONE_DAY));
    const onSecond = await funnel(`?${rulesQuery([{ field: "createdAt", operator: "equal", value: [second] }])}`);
    expect(onSecond).toMatchObject({ opened: 2, started: 1, submitted: 0, firstDay: second, lastDay: second });
    expect(onSecond.slides.map((slide) => slide.reached)).toEqual([0, 0]);

    // The date inside a group joined by AND, beside the inbox's bucket rule: the date still applies.
    const nested = await funnel(
      `?${rulesQuery([
        { field: "bucket", operator: "is_empty", value: [] },
        { condition: "AND", rules: [{ field: "createdAt", operator: "less", value: [second] }] },
      ])}`,
    );
    expect(nested).toMatchObject({ opened: 4, started: 3, submitted: 1, lastDay: day(firstDay) });

    // A date that is one of several alternatives says nothing alone: every day counts.
    const either = await funnel(
      `?${rulesQuery(
        [
          { field: "createdAt", operator: "equal", value: [second] },
          { field: "bucket", operator: "equal", value: ["verified"] },
        ],
        "OR",
      )}`,
    );
    expect(either).toMatchObject({ opened: 6, submitted: 1 });

    const bad = await call(
      t.app,
      "GET",
      `/callout/${callout.id}/responses/funnel?${rulesQuery([{ field: "nope", operator: "equal", value: ["x"] }])}`,
      {
        cookie: adminCookie,
      },
    );
    expect(bad.statusCode).toBe(400);
  });

  it("counts a response once, however often its sending is retried", async () => {
    const before = (await funnel()).submitted;
    const key = crypto.randomUUID();
    expect((await respond(key)).statusCode).toBe(200);
    const again = await respond(key);
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER]).toBe("true");
    // A response the form refuses is no response.
    const refused = await call(t.app, "POST", `/callout/${callout.slug}/responses`, {
      body: { answers: { s1: { q: 12 } } },
    });
    expect(refused.statusCode).toBe(400);
    expect((await funnel()).submitted).toBe(before + 1);
  });

  it("refuses reports of slides not after the first, closed or unknown callouts and malformed bodies", async () => {
    const before = await funnel();
    const cases: [unknown, string, number, string][] = [
      [reached("s1"), callout.slug, 400, "invalid-request"],
      [reached("nope"), callout.slug, 400, "invalid-request"],
      [reached("constructor"), callout.slug, 400, "invalid-request"],
      [opened, closed.slug, 400, "invalid-callout-response"],
      [opened, "no-such-callout", 404, "not-found"],
      [{ stage: "slide" }, callout.slug, 400, "invalid-request"],
      [{ stage: "submitted" }, callout.slug, 400, "invalid-request"],
      [{ stage: "opened", slideId: "s2" }, callout.slug, 400, "invalid-request"],
      [{ stage: "opened", ip: "203.0.113.7" }, callout.slug, 400, "invalid-request"],
      [reached("x".repeat(101)), callout.slug, 400, "invalid-request"],
      [["opened"], callout.slug, 400, "invalid-request"],
    ];
    for (const [body, target, status, code] of cases) {
      const response = await report(body, target);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toMatchObject({ code, httpCode: status });
    }
    const closedOne = await report(opened, closed.slug);
    expect(closedOne.json()).toMatchObject({ subCode: "closed" });
    expect(await funnel()).toEqual(before);
  });

  it("limits the reports of one client address, keeping a digest of it rather than the address", async () => {
    const address = "203.0.113.9";
    const key = await appKey(t.database.db, "funnel-throttle", t.clock.now());
    const digest = createHmac("sha256", key).update(address).digest("base64url").slice(0, 22);
    // Not a plain digest, which anyone could reverse by trying every IPv4 address.
    const unkeyed = createHash("sha256").update(address).digest("base64url").slice(0, 22);
    const { windowMs, max } = FUNNEL_REPORT_LIMIT;
    const windowStart = new Date(Math.floor(t.clock.now().getTime() / windowMs) * windowMs);
    // The window of this address is full already.
    await t.database.db.insert(throttleCounters).values({
      key: `funnel:client:${digest}`,
      windowStart,
      hits: max,
      expiresAt: new Date(windowStart.getTime() + windowMs),
    });
    const refused = await report(opened, callout.slug, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "too-many-requests" });
    expect((await report(opened, callout.slug, "203.0.113.10")).statusCode).toBe(204);
    const keys = (await t.database.db.select({ key: throttleCounters.key }).from(throttleCounters))
      .map((row) => row.key)
      .filter((key) => key.startsWith("funnel:"));
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(keys.join(" ")).not.toMatch(/203\.0\.113|127\.0\.0\.1/);
    expect(keys).toContain(`funnel:client:${digest}`);
    expect(keys.join(" ")).not.toContain(unkeyed);
  });

  it("is read by admins and the callout's reviewers only", async () => {
    expect((await funnel("", reviewerCookie)).opened).toBeGreaterThan(0);
    const member = await call(t.app, "GET", `/callout/${callout.id}/responses/funnel`, { cookie: memberCookie });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ code: "forbidden" });
    const nobody = await call(t.app, "GET", `/callout/${callout.id}/responses/funnel`);
    expect(nobody.statusCode).toBe(401);
  });

  it("goes with its callout", async () => {
    const deleted = await call(t.app, "DELETE", `/callout/${callout.id}`, { cookie: adminCookie });
    expect(deleted.statusCode).toBe(204);
    const rows = await t.database.db
      .select()
      .from(calloutFunnelCounters)
      .where(eq(calloutFunnelCounters.calloutId, callout.id));
    expect(rows).toEqual([]);
  });
});
