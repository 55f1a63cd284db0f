import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PASSWORD_TRIES } from "@cohort/common/contacts";
import { apiKeys, contactMfa, emailOutbox } from "../src/db/schema/index.js";
import { generateTotp } from "../src/modules/auth/totp.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

const SECRET = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";
const WRONG_PASSWORD = "Not-my-passw0rd";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uniqueEmail = (name: string) => `${name}.${crypto.randomUUID().slice(0, 8)}@example.org`;

/** A fresh code: each step can be used once, so the clock moves on first. */
function nextCode(): string {
  t.clock.advance(30_000);
  return generateTotp(SECRET, t.clock.now());
}

async function loginAs(email: string, withCode = false): Promise<string> {
  const body = { email, password: PASSWORD, ...(withCode ? { token: nextCode() } : {}) };
  return sessionCookie(await call(t.app, "POST", "/auth/login", { body }));
}

async function confirmationsTo(address: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.templateId, "confirm-email-change")));
}

const stillLoggedIn = async (cookie: string) =>
  expect((await call(t.app, "GET", "/contact/me", { cookie })).statusCode).toBe(200);

describe("changing one's own email address", () => {
  it("needs the current password: missing or wrong sends nothing, right sends the link", async () => {
    const member = await makeContact(t.database.db);
    const cookie = await loginAs(member.email);
    const newEmail = uniqueEmail("moved");

    const missing = await call(t.app, "PATCH", "/contact/me", { cookie, body: { email: newEmail } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: "invalid-request", errors: [{ property: "currentPassword" }] });

    const before = t.sleeps.length;
    const wrong = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { email: newEmail, currentPassword: WRONG_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "wrong-password", errors: [{ property: "currentPassword" }] });
    // Slowed down like a wrong login.
    expect(t.sleeps.length).toBeGreaterThan(before);
    expect(await confirmationsTo(newEmail)).toHaveLength(0);
    await stillLoggedIn(cookie);

    const right = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { email: newEmail, currentPassword: PASSWORD },
    });
    expect(right.statusCode).toBe(200);
    expect(await confirmationsTo(newEmail)).toHaveLength(1);
  });

  it("does not tell a session without the password whether an address is taken", async () => {
    const member = await makeContact(t.database.db);
    const other = await makeContact(t.database.db);
    const cookie = await loginAs(member.email);
    const probe = await call(t.app, "PATCH", "/contact/me", { cookie, body: { email: other.email } });
    expect(probe.json().code).toBe("invalid-request");
  });

  it("also needs the current code when two-step login is on", async () => {
    const member = await makeContact(t.database.db, { totpSecret: SECRET });
    const cookie = await loginAs(member.email, true);
    const newEmail = uniqueEmail("coded");

    const noCode = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { email: newEmail, currentPassword: PASSWORD },
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ code: "missing-token", errors: [{ property: "token" }] });

    const wrongCode = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { email: newEmail, currentPassword: PASSWORD, token: "000000" },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ code: "invalid-token", errors: [{ property: "token" }] });
    expect(await confirmationsTo(newEmail)).toHaveLength(0);

    const right = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { email: newEmail, currentPassword: PASSWORD, token: nextCode() },
    });
    expect(right.statusCode).toBe(200);
    expect(await confirmationsTo(newEmail)).toHaveLength(1);
  });

  it("counts wrong passwords towards the lock, as a login does", async () => {
    const member = await makeContact(t.database.db);
    const cookie = await loginAs(member.email);
    for (let attempt = 0; attempt < MAX_PASSWORD_TRIES; attempt++) {
      await call(t.app, "PATCH", "/contact/me", {
        cookie,
        body: { email: uniqueEmail("guess"), currentPassword: `${WRONG_PASSWORD}${attempt}` },
      });
    }
    const locked = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { email: uniqueEmail("guess"), currentPassword: PASSWORD },
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().code).toBe("account-locked");
    const login = await call(t.app, "POST", "/auth/login", { body: { email: member.email, password: PASSWORD } });
    expect(login.json().code).toBe("account-locked");
    await stillLoggedIn(cookie);
  });

  it("changing one's own password also asks for the code when two-step login is on", async () => {
    const member = await makeContact(t.database.db, { totpSecret: SECRET });
    const cookie = await loginAs(member.email, true);
    const noCode = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { password: "Brand-new-pass7", currentPassword: PASSWORD },
    });
    expect(noCode.json().code).toBe("missing-token");
    const right = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { password: "Brand-new-pass7", currentPassword: PASSWORD, token: nextCode() },
    });
    expect(right.statusCode).toBe(200);
  });
});

describe("switching one's own two-step login off", () => {
  const mfaOf = (contactId: string) =>
    t.database.db.select().from(contactMfa).where(eq(contactMfa.contactId, contactId));

  it("needs the current password as well as a code, also through one's own id", async () => {
    const member = await makeContact(t.database.db, { totpSecret: SECRET });
    const cookie = await loginAs(member.email, true);

    for (const path of ["/contact/me/mfa", `/contact/${member.id}/mfa`]) {
      const codeOnly = await call(t.app, "DELETE", path, { cookie, body: { type: "totp", token: nextCode() } });
      expect(codeOnly.statusCode).toBe(400);
      expect(codeOnly.json()).toMatchObject({ code: "invalid-request", errors: [{ property: "currentPassword" }] });
    }
    const wrong = await call(t.app, "DELETE", "/contact/me/mfa", {
      cookie,
      body: { type: "totp", token: nextCode(), currentPassword: WRONG_PASSWORD },
    });
    expect(wrong.json()).toMatchObject({ code: "wrong-password", errors: [{ property: "currentPassword" }] });
    const passwordOnly = await call(t.app, "DELETE", "/contact/me/mfa", {
      cookie,
      body: { type: "totp", currentPassword: PASSWORD },
    });
    expect(passwordOnly.json().code).toBe("missing-token");
    expect(await mfaOf(member.id)).toHaveLength(1);

    const right = await call(t.app, "DELETE", "/contact/me/mfa", {
      cookie,
      body: { type: "totp", token: nextCode(), currentPassword: PASSWORD },
    });
    expect(right.statusCode).toBe(201);
    expect(await mfaOf(member.id)).toHaveLength(0);
  });
});

describe("creating an API key", () => {
  it("needs the creator's current password, and code when two-step login is on", async () => {
    const admin = await makeContact(t.database.db, { roles: ["admin"], totpSecret: SECRET });
    const cookie = await loginAs(admin.email, true);
    const body = { description: "Newsletter sync" };
    const keysOf = () => t.database.db.select().from(apiKeys).where(eq(apiKeys.creatorId, admin.id));

    const missing = await call(t.app, "POST", "/api-key", { cookie, body });
    expect(missing.json()).toMatchObject({ code: "invalid-request", errors: [{ property: "currentPassword" }] });
    const wrong = await call(t.app, "POST", "/api-key", {
      cookie,
      body: { ...body, currentPassword: WRONG_PASSWORD, token: nextCode() },
    });
    expect(wrong.json().code).toBe("wrong-password");
    const noCode = await call(t.app, "POST", "/api-key", { cookie, body: { ...body, currentPassword: PASSWORD } });
    expect(noCode.json().code).toBe("missing-token");
    expect(await keysOf()).toHaveLength(0);

    const right = await call(t.app, "POST", "/api-key", {
      cookie,
      body: { ...body, currentPassword: PASSWORD, token: nextCode() },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().token).toMatch(/^[0-9a-f]{16}_[0-9a-f]{48}$/);
    expect(await keysOf()).toHaveLength(1);
    await stillLoggedIn(cookie);
  });
});

describe("an admin changing someone else", () => {
  it("needs no password of their own, within the rank rule", async () => {
    const admin = await makeContact(t.database.db, { roles: ["admin"] });
    const member = await makeContact(t.database.db, { totpSecret: SECRET });
    const cookie = await loginAs(admin.email);
    const newEmail = uniqueEmail("by.admin");
    const changed = await call(t.app, "PATCH", `/contact/${member.id}`, { cookie, body: { email: newEmail } });
    expect(changed.json().email).toBe(newEmail);
    const removed = await call(t.app, "DELETE", `/contact/${member.id}/mfa`, { cookie, body: { type: "totp" } });
    expect(removed.statusCode).toBe(201);
  });
});
