import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { noticeListSchema, noticeSchema, type Notice } from "@cohort/common/notices";
import { ONE_DAY } from "@cohort/common/time";
import { notices } from "../src/db/schema/index.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let memberCookie: string;
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const admin = await makeContact(db, { email: "admin@notices.test", roles: ["admin"] });
  const member = await makeContact(db, { email: "member@notices.test", roles: ["member"] });
  const login = async (email: string) =>
    sessionCookie(await call(t.app, "POST", "/auth/login", { body: { email, password: PASSWORD } }));
  adminCookie = await login(admin.email);
  memberCookie = await login(member.email);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(notices);
});

const at = (days: number) => new Date(t.clock.now().getTime() + days * ONE_DAY).toISOString();

async function create(body: Record<string, unknown>): Promise<Notice> {
  const response = await call(t.app, "POST", "/notice", { cookie: adminCookie, body });
  expect(response.statusCode, response.body).toBe(200);
  return noticeSchema.parse(response.json());
}

/** One notice in each status. */
async function oneOfEach() {
  return {
    draft: await create({ name: "Draft", text: "<p>Not yet</p>" }),
    scheduled: await create({ name: "Scheduled", text: "<p>Soon</p>", starts: at(2) }),
    open: await create({ name: "Open", text: "<p>Now</p>", starts: at(-1), expires: at(5) }),
    openForever: await create({ name: "Always", text: "<p>Always</p>", starts: at(-3) }),
    ended: await create({ name: "Ended", text: "<p>Gone</p>", starts: at(-10), expires: at(-2) }),
  };
}

async function listNames(cookie: string | undefined, query = "") {
  const response = await call(t.app, "GET", `/notice${query}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return noticeListSchema.parse(response.json());
}

describe("POST /notice", () => {
  it("stores the fields, cleans the HTML and derives the status from the dates", async () => {
    const notice = await create({
      name: "  Summer fair  ",
      text: '<p onclick="x()">Come <strong>along</strong></p><script>alert(1)</script>',
      buttonText: "Read more",
      url: "https://example.org/fair",
      starts: at(-1),
      expires: at(3),
    });
    expect(notice).toMatchObject({
      name: "Summer fair",
      text: "<p>Come <strong>along</strong></p>",
      buttonText: "Read more",
      url: "https://example.org/fair",
      status: "open",
    });
    const plain = await create({ name: "Plain", text: "Hello" });
    expect(plain.status).toBe("draft");
    expect(plain).not.toHaveProperty("buttonText");
    expect(plain).not.toHaveProperty("url");
  });

  it("refuses a missing name, a bad URL, unknown fields and an end before the start", async () => {
    const cases: Record<string, unknown>[] = [
      { text: "x" },
      { name: "", text: "x" },
      { name: "x", text: "x", url: "javascript:alert(1)" },
      { name: "x", text: "x", enabled: true },
      { name: "x", text: "x", starts: at(2), expires: at(1) },
    ];
    for (const body of cases) {
      const response = await call(t.app, "POST", "/notice", { cookie: adminCookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.database.db.select().from(notices)).toHaveLength(0);
  });

  it("is for admins only", async () => {
    const body = { name: "x", text: "x" };
    expect((await call(t.app, "POST", "/notice", { cookie: memberCookie, body })).statusCode).toBe(403);
    expect((await call(t.app, "POST", "/notice", { body })).statusCode).toBe(403);
  });
});

describe("GET /notice", () => {
  it("shows admins every notice with its status", async () => {
    await oneOfEach();
    const list = await listNames(adminCookie, "?sort=name");
    expect(list.items.map((notice) => [notice.name, notice.status])).toEqual([
      ["Always", "open"],
      ["Draft", "draft"],
      ["Ended", "ended"],
      ["Open", "open"],
      ["Scheduled", "scheduled"],
    ]);
    expect(list).toMatchObject({ total: 5, count: 5, offset: 0 });
  });

  it("shows members only the open notices, whatever they filter on", async () => {
    await oneOfEach();
    const list = await listNames(memberCookie, "?sort=name");
    expect(list.items.map((notice) => notice.name)).toEqual(["Always", "Open"]);
    const rules = encodeURIComponent(
      JSON.stringify({ condition: "OR", rules: [{ field: "status", operator: "equal", value: ["ended"] }] }),
    );
    expect((await listNames(memberCookie, `?rules=${rules}`)).items).toEqual([]);
  });

  it("shows guests only the open notices, in the list and by id", async () => {
    const { draft, scheduled, open, ended } = await oneOfEach();
    const list = await listNames(undefined, "?sort=name");
    expect(list.items.map((notice) => notice.name)).toEqual(["Always", "Open"]);
    expect(list.total).toBe(2);
    const rules = encodeURIComponent(
      JSON.stringify({ condition: "OR", rules: [{ field: "status", operator: "not_equal", value: ["open"] }] }),
    );
    expect((await listNames(undefined, `?rules=${rules}`)).items).toEqual([]);

    const byId = await call(t.app, "GET", `/notice/${open.id}`);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(noticeSchema.parse(byId.json()).name).toBe("Open");
    for (const hidden of [draft, scheduled, ended]) {
      expect((await call(t.app, "GET", `/notice/${hidden.id}`)).statusCode, hidden.name).toBe(404);
    }
  });

  it("lets guests read but never write", async () => {
    const { open } = await oneOfEach();
    expect((await call(t.app, "PATCH", `/notice/${open.id}`, { body: { name: "x" } })).statusCode).toBe(403);
    expect((await call(t.app, "DELETE", `/notice/${open.id}`)).statusCode).toBe(403);
    expect((await call(t.app, "GET", `/notice/${open.id}`)).json()).toMatchObject({ name: "Open" });
  });

  it("follows the clock: a scheduled notice opens, an open one ends", async () => {
    const { scheduled, open } = await oneOfEach();
    t.clock.advance(6 * ONE_DAY);
    try {
      const byId = new Map((await listNames(adminCookie)).items.map((notice) => [notice.id, notice.status]));
      expect(byId.get(scheduled.id)).toBe("open");
      expect(byId.get(open.id)).toBe("ended");
    } finally {
      t.clock.advance(-6 * ONE_DAY);
    }
  });

  it("filters by status, name and dates with the rule grammar", async () => {
    await oneOfEach();
    const filter = async (rules: unknown) => {
      const list = await listNames(adminCookie, `?sort=name&rules=${encodeURIComponent(JSON.stringify(rules))}`);
      return list.items.map((notice) => notice.name);
    };
    const rule = (field: string, operator: string, value: unknown[] = []) => ({ field, operator, value });
    const and = (...rules: unknown[]) => ({ condition: "AND", rules });
    expect(await filter(and(rule("status", "equal", ["open"])))).toEqual(["Always", "Open"]);
    expect(await filter(and(rule("status", "not_equal", ["open"])))).toEqual(["Draft", "Ended", "Scheduled"]);
    expect(await filter(and(rule("name", "contains", ["e"])))).toEqual(["Ended", "Open", "Scheduled"]);
    expect(await filter(and(rule("expires", "is_empty")))).toEqual(["Always", "Draft", "Scheduled"]);
    expect(await filter(and(rule("starts", "less", ["$now"])))).toEqual(["Always", "Ended", "Open"]);
    expect(await filter(and(rule("text", "contains", ["soon"])))).toEqual(["Scheduled"]);
  });

  it("answers invalid-rule for a field or operator it does not know", async () => {
    for (const rules of [
      { condition: "AND", rules: [{ field: "enabled", operator: "equal", value: [true] }] },
      { condition: "AND", rules: [{ field: "status", operator: "is_empty", value: [] }] },
      { condition: "AND", rules: [{ field: "status", operator: "equal", value: ["closed"] }] },
    ]) {
      const response = await call(t.app, "GET", `/notice?rules=${encodeURIComponent(JSON.stringify(rules))}`, {
        cookie: adminCookie,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: "invalid-rule" });
    }
  });

  it("sorts by expiry with the undated last, and pages", async () => {
    await oneOfEach();
    const list = await listNames(adminCookie, "?sort=expires&order=DESC&limit=2&offset=0");
    expect(list.items.map((notice) => notice.name)).toEqual(["Open", "Ended"]);
    expect(list).toMatchObject({ total: 5, count: 2 });
  });
});

describe("GET/PATCH/DELETE /notice/{id}", () => {
  it("lets members read an open notice only", async () => {
    const { open, draft, ended, scheduled } = await oneOfEach();
    expect((await call(t.app, "GET", `/notice/${open.id}`, { cookie: memberCookie })).statusCode).toBe(200);
    for (const hidden of [draft, ended, scheduled]) {
      expect((await call(t.app, "GET", `/notice/${hidden.id}`, { cookie: memberCookie })).statusCode).toBe(404);
      expect((await call(t.app, "GET", `/notice/${hidden.id}`, { cookie: adminCookie })).statusCode).toBe(200);
    }
  });

  it("updates some fields, keeps the rest, and removes a link with null", async () => {
    const notice = await create({ name: "Fair", text: "<p>x</p>", buttonText: "Go", url: "/callouts" });
    t.clock.advance(1000);
    const response = await call(t.app, "PATCH", `/notice/${notice.id}`, {
      cookie: adminCookie,
      body: { starts: at(-1), url: null, buttonText: null, text: "<p>y<img src=x onerror=alert(1)></p>" },
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = noticeSchema.parse(response.json());
    expect(updated).toMatchObject({ name: "Fair", status: "open", createdAt: notice.createdAt });
    expect(updated.text).not.toContain("onerror");
    expect(updated).not.toHaveProperty("url");
    expect(updated.updatedAt > notice.updatedAt).toBe(true);
  });

  it("refuses an expiry before the stored start", async () => {
    const notice = await create({ name: "Fair", text: "x", starts: at(1) });
    const response = await call(t.app, "PATCH", `/notice/${notice.id}`, {
      cookie: adminCookie,
      body: { expires: at(0) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].property).toBe("expires");
  });

  it("is written by admins only and answers 404 for unknown ids", async () => {
    const notice = await create({ name: "Fair", text: "x", starts: at(-1) });
    const patch = { name: "Taken over" };
    expect((await call(t.app, "PATCH", `/notice/${notice.id}`, { cookie: memberCookie, body: patch })).statusCode).toBe(
      403,
    );
    expect((await call(t.app, "DELETE", `/notice/${notice.id}`, { cookie: memberCookie })).statusCode).toBe(403);
    expect((await call(t.app, "PATCH", `/notice/${UNKNOWN_ID}`, { cookie: adminCookie, body: patch })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, "DELETE", `/notice/${UNKNOWN_ID}`, { cookie: adminCookie })).statusCode).toBe(404);
    expect((await call(t.app, "DELETE", `/notice/${notice.id}`, { cookie: adminCookie })).statusCode).toBe(204);
    expect((await call(t.app, "GET", `/notice/${notice.id}`, { cookie: adminCookie })).statusCode).toBe(404);
  });
});
