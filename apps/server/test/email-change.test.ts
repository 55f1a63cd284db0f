import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_CHANGE_PAGE_PATH } from "@cohort/common/contacts";
import { ONE_HOUR } from "@cohort/common/time";
import { emailOutbox } from "../src/db/schema/index.js";
import { startSession } from "../src/modules/auth/service.js";
import { generateTotp } from "../src/modules/auth/totp.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

const NEW_PASSWORD = "Brand-new-pass7";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: "https://members.example.org" });
});
afterAll(() => t.close());

const login = (email: string, password = PASSWORD) => call(t.app, "POST", "/auth/login", { body: { email, password } });
const loginAs = async (email: string, password = PASSWORD) => sessionCookie(await login(email, password));
const uniqueEmail = (name: string) => `${name}.${crypto.randomUUID().slice(0, 8)}@example.org`;

async function emailsTo(address: string, templateId: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.templateId, templateId)))
    .orderBy(desc(emailOutbox.createdAt));
}

/** Asks for the change and answers the id at the end of the link sent to the new address. */
async function requestChange(cookie: string, newEmail: string, currentPassword = PASSWORD): Promise<string> {
  const response = await call(t.app, "PATCH", "/contact/me", { cookie, body: { email: newEmail, currentPassword } });
  expect(response.statusCode).toBe(200);
  const [sent] = await emailsTo(newEmail, "confirm-email-change");
  const link = sent?.mergeFields.CONFIRMLINK ?? "";
  const base = `https://members.example.org${EMAIL_CHANGE_PAGE_PATH}/`;
  expect(link.startsWith(base)).toBe(true);
  expect(sent?.textBody).toContain(link);
  return link.slice(base.length);
}

const confirm = (id: string) => call(t.app, "PUT", `/email-change/${id}`);
const currentEmail = async (cookie: string) => (await call(t.app, "GET", "/contact/me", { cookie })).json().email;

describe("changing one's own password", () => {
  it("needs the current password: missing or wrong is refused, right is accepted", async () => {
    const member = await makeContact(t.database.db);
    const cookie = await loginAs(member.email);

    const missing = await call(t.app, "PATCH", "/contact/me", { cookie, body: { password: NEW_PASSWORD } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: "invalid-request", errors: [{ property: "currentPassword" }] });

    const wrong = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { password: NEW_PASSWORD, currentPassword: "Not-my-passw0rd" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "wrong-password", errors: [{ property: "currentPassword" }] });
    expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(401);
    // Still logged in: a wrong answer here is not a lost session.
    expect((await call(t.app, "GET", "/contact/me", { cookie })).statusCode).toBe(200);

    const right = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { password: NEW_PASSWORD, currentPassword: PASSWORD },
    });
    expect(right.statusCode).toBe(200);
    await loginAs(member.email, NEW_PASSWORD);
  });

  it("counts and slows down wrong current passwords like wrong logins", async () => {
    const member = await makeContact(t.database.db);
    const cookie = await loginAs(member.email);
    const before = t.sleeps.length;
    await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { password: NEW_PASSWORD, currentPassword: "Guess-1a" },
    });
    expect(t.sleeps.length).toBeGreaterThan(before);
  });

  it("applies to admins changing their own password through their id, and to API keys acting as someone", async () => {
    const admin = await makeContact(t.database.db, { roles: ["admin"] });
    const cookie = await loginAs(admin.email);
    const own = await call(t.app, "PATCH", `/contact/${admin.id}`, { cookie, body: { password: NEW_PASSWORD } });
    expect(own.json().code).toBe("invalid-request");

    const token = (
      await call(t.app, "POST", "/api-key", { cookie, body: { description: "Sync", currentPassword: PASSWORD } })
    ).json().token;
    const member = await makeContact(t.database.db);
    const asMember = await call(t.app, "PATCH", "/contact/me", {
      headers: { authorization: `Bearer ${token}`, "x-contact-id": member.id },
      body: { password: NEW_PASSWORD },
    });
    expect(asMember.statusCode).toBe(400);
    expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it("accepts the right password and code of someone with 2FA, and a first password without one", async () => {
    const withTwoFactor = await makeContact(t.database.db, { totpSecret: "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU" });
    const session = await startSession(t.ctx, withTwoFactor.id);
    const cookie = `cohort_session=${session.token}`;
    const changed = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: {
        password: NEW_PASSWORD,
        currentPassword: PASSWORD,
        token: generateTotp("KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU", t.clock.now()),
      },
    });
    expect(changed.statusCode).toBe(200);

    const newcomer = await makeContact(t.database.db, { password: null });
    const first = await startSession(t.ctx, newcomer.id);
    const set = await call(t.app, "PATCH", "/contact/me", {
      cookie: `cohort_session=${first.token}`,
      body: { password: NEW_PASSWORD },
    });
    expect(set.statusCode).toBe(200);
    await loginAs(newcomer.email, NEW_PASSWORD);
  });
});

describe("changing one's own email address", () => {
  it("waits for the link sent to the new address, tells the old one, and the link works once", async () => {
    const member = await makeContact(t.database.db);
    const cookie = await loginAs(member.email);
    const newEmail = uniqueEmail("moved");
    const id = await requestChange(cookie, newEmail);

    expect(await currentEmail(cookie)).toBe(member.email);
    expect((await login(newEmail)).statusCode).toBe(401);
    const [notice] = await emailsTo(member.email, "email-change-requested");
    expect(notice?.textBody).toContain(newEmail);

    expect((await confirm(id)).statusCode).toBe(204);
    expect(await currentEmail(cookie)).toBe(newEmail);
    await loginAs(newEmail);
    expect((await login(member.email)).statusCode).toBe(401);

    const again = await confirm(id);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("not-found");
  });

  it("expires after a day, and only the newest request counts", async () => {
    const member = await makeContact(t.database.db);
    const cookie = await loginAs(member.email);
    const first = await requestChange(cookie, uniqueEmail("first"));
    const second = await requestChange(cookie, uniqueEmail("second"));
    expect((await confirm(first)).statusCode).toBe(404);
    t.clock.advance(25 * ONE_HOUR);
    expect((await confirm(second)).statusCode).toBe(404);
    expect(await currentEmail(await loginAs(member.email))).toBe(member.email);
  });

  it("is cancelled by a password reset, and reset links of the old address stop working once it changes", async () => {
    const member = await makeContact(t.database.db);
    const cookie = await loginAs(member.email);
    const pending = await requestChange(cookie, uniqueEmail("cancelled"));
    const resetUrl = "https://members.example.org/auth/reset-password";
    await call(t.app, "POST", "/reset-password", { body: { email: member.email, resetUrl } });
    const [reset] = await emailsTo(member.email, "reset-password");
    const resetId = (reset?.mergeFields.RPLINK ?? "").slice(resetUrl.length + 1);
    expect(
      (await call(t.app, "PUT", `/reset-password/${resetId}`, { body: { password: NEW_PASSWORD } })).statusCode,
    ).toBe(204);
    expect((await confirm(pending)).statusCode).toBe(404);

    const session = await loginAs(member.email, NEW_PASSWORD);
    await call(t.app, "POST", "/reset-password", { body: { email: member.email, resetUrl } });
    const [oldLink] = await emailsTo(member.email, "reset-password");
    const oldResetId = (oldLink?.mergeFields.RPLINK ?? "").slice(resetUrl.length + 1);
    expect((await confirm(await requestChange(session, uniqueEmail("kept"), NEW_PASSWORD))).statusCode).toBe(204);
    const stale = await call(t.app, "PUT", `/reset-password/${oldResetId}`, { body: { password: "Third-passw0rd" } });
    expect(stale.statusCode).toBe(404);
  });

  it("refuses an address that is taken, when asked and when confirmed", async () => {
    const member = await makeContact(t.database.db);
    const other = await makeContact(t.database.db);
    const cookie = await loginAs(member.email);
    const taken = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { email: other.email, currentPassword: PASSWORD },
    });
    expect(taken.json().code).toBe("duplicate-email");

    const wanted = uniqueEmail("wanted");
    const id = await requestChange(cookie, wanted);
    await makeContact(t.database.db, { email: wanted });
    const late = await confirm(id);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe("duplicate-email");
    expect(await currentEmail(cookie)).toBe(member.email);
  });

  it("refuses a malformed link id, and stays immediate when an admin changes someone else", async () => {
    expect((await confirm("not-a-uuid")).statusCode).toBe(400);
    const admin = await makeContact(t.database.db, { roles: ["admin"] });
    const member = await makeContact(t.database.db);
    const newEmail = uniqueEmail("set.by.admin");
    const response = await call(t.app, "PATCH", `/contact/${member.id}`, {
      cookie: await loginAs(admin.email),
      body: { email: newEmail },
    });
    expect(response.json().email).toBe(newEmail);
    expect(await emailsTo(newEmail, "confirm-email-change")).toHaveLength(0);
  });
});
