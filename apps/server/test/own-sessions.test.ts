import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSessionListSchema } from "@cohort/common/auth";
import { sessions } from "../src/db/schema/index.js";
import { hashToken } from "../src/modules/auth/service.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function loginFrom(email: string, userAgent: string, remoteAddress: string): Promise<string> {
  const response = await call(t.app, "POST", "/auth/login", {
    body: { email, password: PASSWORD },
    headers: { "user-agent": userAgent },
    remoteAddress,
  });
  return sessionCookie(response);
}

const list = (cookie: string) => call(t.app, "GET", "/contact/me/session", { cookie });
const sessionsOf = async (cookie: string) => contactSessionListSchema.parse((await list(cookie)).json());
const isLoggedIn = async (cookie: string) => (await call(t.app, "GET", "/contact/me", { cookie })).statusCode === 200;
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);

describe("a person's sessions", () => {
  it("are listed with browser, system, address and times, the current one marked, never with the token", async () => {
    const member = await makeContact(t.database.db);
    const desk = await loginFrom(member.email, FIREFOX_WINDOWS, "203.0.113.7");
    t.clock.advance(5 * 60_000);
    const phone = await loginFrom(member.email, SAFARI_IPHONE, "198.51.100.20");

    const response = await list(phone);
    expect(response.statusCode).toBe(200);
    const listed = contactSessionListSchema.parse(response.json());
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ browser: "Safari", system: "iOS", address: "198.51.100.20", current: true });
    expect(listed[1]).toMatchObject({ browser: "Firefox", system: "Windows", address: "203.0.113.7", current: false });
    for (const secret of [tokenOf(desk), tokenOf(phone), hashToken(tokenOf(desk)), hashToken(tokenOf(phone))]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it("can be ended one by one: the other browser is logged out, this one stays", async () => {
    const member = await makeContact(t.database.db);
    const other = await loginFrom(member.email, FIREFOX_WINDOWS, "203.0.113.8");
    const mine = await loginFrom(member.email, SAFARI_IPHONE, "203.0.113.9");
    const target = (await sessionsOf(mine)).find((session) => !session.current);

    const ended = await call(t.app, "DELETE", `/contact/me/session/${target?.id}`, { cookie: mine });
    expect(ended.statusCode).toBe(204);
    expect(await isLoggedIn(other)).toBe(false);
    expect(await isLoggedIn(mine)).toBe(true);
    expect(await sessionsOf(mine)).toHaveLength(1);

    const again = await call(t.app, "DELETE", `/contact/me/session/${target?.id}`, { cookie: mine });
    expect(again.statusCode).toBe(404);
  });

  it("all others can be ended at once", async () => {
    const member = await makeContact(t.database.db);
    const others = [
      await loginFrom(member.email, FIREFOX_WINDOWS, "203.0.113.10"),
      await loginFrom(member.email, FIREFOX_WINDOWS, "203.0.113.11"),
    ];
    const mine = await loginFrom(member.email, SAFARI_IPHONE, "203.0.113.12");
    const response = await call(t.app, "DELETE", "/contact/me/session", { cookie: mine });
    expect(response.json()).toEqual({ ended: 2 });
    for (const cookie of others) expect(await isLoggedIn(cookie)).toBe(false);
    expect(await isLoggedIn(mine)).toBe(true);
  });

  it("ending the current one logs this browser out", async () => {
    const member = await makeContact(t.database.db);
    const mine = await loginFrom(member.email, SAFARI_IPHONE, "203.0.113.13");
    const [current] = await sessionsOf(mine);
    const response = await call(t.app, "DELETE", `/contact/me/session/${current?.id}`, { cookie: mine });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((cookie) => cookie.name === "cohort_session")?.value).toBe("");
    expect(await isLoggedIn(mine)).toBe(false);
  });

  it("of someone else can be neither listed nor ended, not even by an admin", async () => {
    const member = await makeContact(t.database.db);
    const memberCookie = await loginFrom(member.email, FIREFOX_WINDOWS, "203.0.113.14");
    const [memberSession] = await sessionsOf(memberCookie);
    const admin = await makeContact(t.database.db, { roles: ["admin"] });
    const adminCookie = await loginFrom(admin.email, SAFARI_IPHONE, "203.0.113.15");

    const adminList = await sessionsOf(adminCookie);
    expect(adminList.map((session) => session.id)).not.toContain(memberSession?.id);
    const endOne = await call(t.app, "DELETE", `/contact/me/session/${memberSession?.id}`, { cookie: adminCookie });
    expect(endOne.statusCode).toBe(404);
    await call(t.app, "DELETE", "/contact/me/session", { cookie: adminCookie });
    expect(await isLoggedIn(memberCookie)).toBe(true);
    // There is no route naming another contact's sessions.
    const byId = await call(t.app, "GET", `/contact/${member.id}/session`, { cookie: adminCookie });
    expect(byId.statusCode).toBe(404);
  });

  it("are a person's own: anonymous callers and API keys are refused", async () => {
    expect((await call(t.app, "GET", "/contact/me/session")).statusCode).toBe(401);
    expect((await call(t.app, "DELETE", "/contact/me/session")).statusCode).toBe(401);

    const admin = await makeContact(t.database.db, { roles: ["admin"] });
    const adminCookie = await loginFrom(admin.email, SAFARI_IPHONE, "203.0.113.16");
    const key = await call(t.app, "POST", "/api-key", {
      cookie: adminCookie,
      body: { description: "Sessions probe", currentPassword: PASSWORD },
    });
    const member = await makeContact(t.database.db);
    const memberCookie = await loginFrom(member.email, FIREFOX_WINDOWS, "203.0.113.17");
    const asMember = { authorization: `Bearer ${key.json().token}`, "x-contact-id": member.id };
    expect((await call(t.app, "GET", "/contact/me/session", { headers: asMember })).statusCode).toBe(403);
    expect((await call(t.app, "DELETE", "/contact/me/session", { headers: asMember })).statusCode).toBe(403);
    expect(await isLoggedIn(memberCookie)).toBe(true);
  });

  it("note their last use at most once a minute", async () => {
    const member = await makeContact(t.database.db);
    const cookie = await loginFrom(member.email, FIREFOX_WINDOWS, "203.0.113.18");
    const lastUsed = async () =>
      (
        await t.database.db
          .select()
          .from(sessions)
          .where(eq(sessions.id, hashToken(tokenOf(cookie))))
      )[0]?.lastUsedAt;
    const started = await lastUsed();
    expect(started).toEqual(t.clock.now());

    t.clock.advance(30_000);
    await isLoggedIn(cookie);
    expect(await lastUsed()).toEqual(started);

    t.clock.advance(31_000);
    await isLoggedIn(cookie);
    expect(await lastUsed()).toEqual(t.clock.now());
    const [listed] = await sessionsOf(cookie);
    expect(listed?.lastUsedAt).toBe(t.clock.now().toISOString());
  });
});
