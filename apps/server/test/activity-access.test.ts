import { PassThrough } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityEntry } from "@cohort/common/activity";
import { ONE_DAY } from "@cohort/common/time";
import { activity } from "../src/db/schema/index.js";
import { createJobRunner } from "../src/jobs/index.js";
import { createLogDestination } from "../src/lib/log-destination.js";
import { activityRetentionJob } from "../src/modules/activity/retention.js";
import { loginAs } from "./helpers/callout-factory.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let superCookie: string;
let adminCookie: string;
let memberCookie: string;
let superId: string;
let adminId: string;
let keyToken: string;
let logged: string[] = [];
const output = new PassThrough();
output.on("data", (chunk: Buffer) => logged.push(...chunk.toString().split("\n").filter(Boolean)));

beforeAll(async () => {
  t = await createTestApp({}, { logDestination: createLogDestination(output) });
  const superadmin = await makeContact(t.database.db, { roles: ["superadmin"] });
  const admin = await makeContact(t.database.db, { roles: ["admin"] });
  const member = await makeContact(t.database.db, { roles: ["member"] });
  superId = superadmin.id;
  adminId = admin.id;
  superCookie = await loginAs(t.app, superadmin);
  adminCookie = await loginAs(t.app, admin);
  memberCookie = await loginAs(t.app, member);
  const key = await call(t.app, "POST", "/api-key", {
    cookie: superCookie,
    body: { description: "Reader", currentPassword: PASSWORD },
  });
  keyToken = key.json().token as string;
  // One settings change by the superadmin, one contact change by the admin, a moment apart.
  t.clock.advance(1000);
  await call(t.app, "PATCH", "/content/general", { cookie: superCookie, body: { organisationName: "The Courier" } });
  t.clock.advance(1000);
  await call(t.app, "PATCH", `/contact/${member.id}`, { cookie: adminCookie, body: { lastname: "Changed" } });
  t.clock.advance(1000);
});
afterAll(() => t.close());

async function kindsSeenBy(headers: { cookie?: string; headers?: Record<string, string> }): Promise<string[]> {
  const response = await call(t.app, "GET", "/activity", headers);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as ActivityEntry[]).map((entry) => entry.kind);
}

describe("who reads the activity record", () => {
  it("shows superadmins settings and key changes, and hides them from admins and API keys", async () => {
    expect(await kindsSeenBy({ cookie: superCookie })).toEqual(["contact.update", "settings.update", "api-key.create"]);
    expect(await kindsSeenBy({ cookie: adminCookie })).toEqual(["contact.update"]);
    expect(await kindsSeenBy({ headers: { authorization: `Bearer ${keyToken}` } })).toEqual(["contact.update"]);
    const asked = await call(t.app, "GET", "/activity?kind=settings.update", { cookie: adminCookie });
    expect(asked.json()).toMatchObject({ items: [], total: 0 });
  });

  it("refuses members and guests", async () => {
    expect((await call(t.app, "GET", "/activity", { cookie: memberCookie })).statusCode).toBe(403);
    expect((await call(t.app, "GET", "/activity")).statusCode).toBe(403);
  });

  it("refuses malformed filters with a 400", async () => {
    for (const query of ["kind=contact.explode", "actorId=nobody", "from=yesterday", "limit=0", "extra=1"]) {
      const response = await call(t.app, "GET", `/activity?${query}`, { cookie: adminCookie });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code, query).toBeTypeOf("string");
    }
  });
});

describe("filters and pages", () => {
  it("filters by person, kind, date and contact, with the reference's page envelope", async () => {
    const byAdmin = await call(t.app, "GET", `/activity?actorId=${adminId}`, { cookie: superCookie });
    expect(byAdmin.json()).toMatchObject({ total: 1, offset: 0, count: 1, items: [{ actor: { id: adminId } }] });
    const bySuper = await call(t.app, "GET", `/activity?actorId=${superId}&limit=1&offset=1`, { cookie: superCookie });
    expect(bySuper.json()).toMatchObject({ total: 2, offset: 1, count: 1, items: [{ kind: "api-key.create" }] });
    const future = new Date(t.clock.now().getTime() + ONE_DAY).toISOString();
    const later = await call(t.app, "GET", `/activity?from=${encodeURIComponent(future)}`, { cookie: superCookie });
    expect(later.json().total).toBe(0);
    const past = await call(t.app, "GET", `/activity?to=${encodeURIComponent(future)}&order=ASC`, {
      cookie: superCookie,
    });
    expect((past.json().items as ActivityEntry[]).map((entry) => entry.kind)[0]).toBe("api-key.create");
  });

  it("lists what happened to a contact, bulk changes that listed them included", async () => {
    const person = await makeContact(t.database.db, { roles: ["member"], lastname: "Followed" });
    await call(t.app, "PATCH", `/contact/${person.id}`, { cookie: adminCookie, body: { firstname: "Once" } });
    t.clock.advance(1000);
    const tag = await call(t.app, "POST", "/contact-tags", { cookie: adminCookie, body: { name: "Followed" } });
    await call(t.app, "PATCH", "/contact", {
      cookie: adminCookie,
      body: {
        rules: { condition: "AND", rules: [{ field: "lastname", operator: "equal", value: ["Followed"] }] },
        updates: { tags: [`+${tag.json().id}`] },
      },
    });
    const response = await call(t.app, "GET", `/activity?contactId=${person.id}`, { cookie: adminCookie });
    expect((response.json().items as ActivityEntry[]).map((entry) => entry.kind)).toEqual([
      "contact.bulk-update",
      "contact.update",
    ]);
  });
});

describe("keeping and removing", () => {
  it("removes entries older than the retention time once a day, and keeps the rest", async () => {
    const now = t.clock.now();
    const old = (days: number) => ({
      id: crypto.randomUUID(),
      at: new Date(now.getTime() - days * ONE_DAY),
      kind: "contact.delete" as const,
      actorContactId: adminId,
    });
    const tooOld = old(731);
    const kept = old(729);
    await t.database.db.insert(activity).values([tooOld, kept]);
    const ran = await createJobRunner(t.ctx, [activityRetentionJob]).runDue();
    expect(ran).toEqual(["activity-retention"]);
    const ids = (await t.database.db.select({ id: activity.id }).from(activity)).map((row) => row.id);
    expect(ids).toContain(kept.id);
    expect(ids).not.toContain(tooOld.id);
    // A shorter time set for the organisation removes more on the next day's run.
    t.clock.advance(ONE_DAY);
    const shorter = { ...t.ctx, config: { ...t.ctx.config, activity: { retentionDays: 30 } } };
    expect(await createJobRunner(shorter, [activityRetentionJob]).runDue()).toEqual(["activity-retention"]);
    const left = (await t.database.db.select({ id: activity.id }).from(activity)).map((row) => row.id);
    expect(left).not.toContain(kept.id);
    expect(left.length).toBeGreaterThan(0);
  });
});

describe("a failure to record", () => {
  it("is logged and never fails the action", async () => {
    const person = await makeContact(t.database.db, { roles: ["member"] });
    await t.database.db.execute(sql`ALTER TABLE activity RENAME TO activity_away`);
    logged = [];
    try {
      const response = await call(t.app, "PATCH", `/contact/${person.id}`, {
        cookie: adminCookie,
        body: { firstname: "Unrecorded" },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().firstname).toBe("Unrecorded");
    } finally {
      await t.database.db.execute(sql`ALTER TABLE activity_away RENAME TO activity`);
    }
    expect(logged.some((line) => line.includes("a staff action could not be recorded"))).toBe(true);
  });
});
