import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { MAX_PASSWORD_TRIES } from "@cohort/common/contacts";
import { ONE_DAY, ONE_HOUR } from "@cohort/common/time";
import { contactMfa, contacts, emailOutbox, resetFlows } from "../src/db/schema/index.js";
import { generateTotp } from "../src/modules/auth/totp.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

const SECRET = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";
const NEW_PASSWORD = "Brand-new-pass7";
const resetUrl = "http://localhost:3000/auth/reset-password";
const deviceUrl = "http://localhost:3000/auth/reset-device";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function emailsTo(address: string, templateId: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.templateId, templateId)))
    .orderBy(desc(emailOutbox.createdAt));
}

/** Asks for a link and answers the flow id at its end. */
async function requestLink(kind: "password" | "device", email: string): Promise<string> {
  const path = kind === "password" ? "/reset-password" : "/reset-device";
  const base = kind === "password" ? resetUrl : deviceUrl;
  const body = kind === "password" ? { email, resetUrl: base } : { email, resetUrl: base, type: "totp" };
  expect((await call(t.app, "POST", path, { body })).statusCode).toBe(204);
  const [sent] = await emailsTo(email.toLowerCase(), kind === "password" ? "reset-password" : "reset-device");
  const link = sent?.mergeFields.RPLINK ?? "";
  expect(link.startsWith(`${base}/`)).toBe(true);
  expect(sent?.textBody).toContain(link);
  return link.slice(base.length + 1);
}

/** A six-digit code that is not the current one. */
function wrongToken(): string {
  return generateTotp(SECRET, new Date(t.clock.now().getTime() + 10 * 60_000));
}

function login(email: string, password: string, token?: string) {
  return call(t.app, "POST", "/auth/login", { body: { email, password, ...(token ? { token } : {}) } });
}

describe("resetting a password", () => {
  it("sets the new password, unlocks the account, ends other sessions and logs in; the link works once", async () => {
    const contact = await makeContact(t.database.db, { email: `reset.${crypto.randomUUID().slice(0, 8)}@example.org` });
    const oldSession = sessionCookie(await login(contact.email, PASSWORD));
    for (let i = 0; i < MAX_PASSWORD_TRIES; i++) await login(contact.email, "Wrong-pass1");
    expect((await login(contact.email, PASSWORD)).json().code).toBe("account-locked");

    const flowId = await requestLink("password", contact.email.toUpperCase());
    const otherFlowId = await requestLink("password", contact.email);
    const weak = await call(t.app, "PUT", `/reset-password/${flowId}`, { body: { password: "short" } });
    expect(weak.statusCode).toBe(400);

    const reset = await call(t.app, "PUT", `/reset-password/${flowId}`, { body: { password: NEW_PASSWORD } });
    expect(reset.statusCode).toBe(204);
    const cookie = sessionCookie(reset);
    expect((await call(t.app, "GET", "/contact/me", { cookie })).json()).toMatchObject({ id: contact.id });
    expect((await call(t.app, "GET", "/contact/me", { cookie: oldSession })).statusCode).toBe(401);
    expect((await login(contact.email, NEW_PASSWORD)).statusCode).toBe(204);

    const again = await call(t.app, "PUT", `/reset-password/${flowId}`, { body: { password: NEW_PASSWORD } });
    expect(again.statusCode).toBe(404);
    const other = await call(t.app, "PUT", `/reset-password/${otherFlowId}`, { body: { password: NEW_PASSWORD } });
    expect(other.statusCode).toBe(404);
    expect(await t.database.db.select().from(resetFlows).where(eq(resetFlows.contactId, contact.id))).toHaveLength(0);
  });

  it("needs a current code from someone with 2FA", async () => {
    const contact = await makeContact(t.database.db, { totpSecret: SECRET });
    const flowId = await requestLink("password", contact.email);
    const missing = await call(t.app, "PUT", `/reset-password/${flowId}`, { body: { password: NEW_PASSWORD } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("mfa-token-required");
    const wrong = await call(t.app, "PUT", `/reset-password/${flowId}`, {
      body: { password: NEW_PASSWORD, token: wrongToken() },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("invalid-token");
    const reset = await call(t.app, "PUT", `/reset-password/${flowId}`, {
      body: { password: NEW_PASSWORD, token: generateTotp(SECRET, t.clock.now()) },
    });
    expect(reset.statusCode).toBe(204);
    t.clock.advance(30_000);
    expect((await login(contact.email, NEW_PASSWORD, generateTotp(SECRET, t.clock.now()))).statusCode).toBe(204);
  });

  it("refuses an expired link, a malformed one and a second-factor link", async () => {
    const contact = await makeContact(t.database.db, { totpSecret: SECRET });
    const flowId = await requestLink("password", contact.email);
    const deviceFlowId = await requestLink("device", contact.email);
    const wrongType = await call(t.app, "PUT", `/reset-password/${deviceFlowId}`, { body: { password: NEW_PASSWORD } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().code).toBe("wrong-type");
    const malformed = await call(t.app, "PUT", "/reset-password/not-a-uuid", { body: { password: NEW_PASSWORD } });
    expect(malformed.statusCode).toBe(400);

    t.clock.advance(ONE_DAY + ONE_HOUR);
    try {
      const expired = await call(t.app, "PUT", `/reset-password/${flowId}`, { body: { password: NEW_PASSWORD } });
      expect(expired.statusCode).toBe(404);
      expect(expired.json().code).toBe("not-found");
    } finally {
      t.clock.advance(-(ONE_DAY + ONE_HOUR));
    }
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const email = `nobody.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const response = await call(t.app, "POST", "/reset-password", { body: { email, resetUrl } });
    expect(response.statusCode).toBe(204);
    expect(await emailsTo(email, "reset-password")).toHaveLength(0);
  });
});

describe("resetting the second factor", () => {
  it("removes 2FA after checking the password, and logs in", async () => {
    const contact = await makeContact(t.database.db, { totpSecret: SECRET });
    const flowId = await requestLink("device", contact.email);
    const passwordFlowId = await requestLink("password", contact.email);
    const wrongType = await call(t.app, "PUT", `/reset-device/${passwordFlowId}`, {
      body: { password: PASSWORD, type: "totp" },
    });
    expect(wrongType.json().code).toBe("wrong-type");

    const wrong = await call(t.app, "PUT", `/reset-device/${flowId}`, {
      body: { password: "Wrong-pass1", type: "totp" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("login-failed");
    const [counted] = await t.database.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(counted?.passwordTries).toBe(1);

    const reset = await call(t.app, "PUT", `/reset-device/${flowId}`, { body: { password: PASSWORD, type: "totp" } });
    expect(reset.statusCode).toBe(204);
    const cookie = sessionCookie(reset);
    expect((await call(t.app, "GET", "/contact/me", { cookie })).statusCode).toBe(200);
    expect(await t.database.db.select().from(contactMfa).where(eq(contactMfa.contactId, contact.id))).toHaveLength(0);
    expect(await t.database.db.select().from(resetFlows).where(eq(resetFlows.contactId, contact.id))).toHaveLength(0);
    expect((await login(contact.email, PASSWORD)).statusCode).toBe(204);

    const again = await call(t.app, "PUT", `/reset-device/${flowId}`, { body: { password: PASSWORD, type: "totp" } });
    expect(again.statusCode).toBe(404);
  });

  it("refuses a locked account even with the right password", async () => {
    const contact = await makeContact(t.database.db, { totpSecret: SECRET });
    const flowId = await requestLink("device", contact.email);
    // From an address of its own, so that the failures elsewhere in this file stay below the address's limit.
    const remoteAddress = "10.30.0.1";
    for (let i = 0; i < MAX_PASSWORD_TRIES; i++) {
      await call(t.app, "PUT", `/reset-device/${flowId}`, {
        body: { password: "Wrong-pass1", type: "totp" },
        remoteAddress,
      });
    }
    const locked = await call(t.app, "PUT", `/reset-device/${flowId}`, {
      body: { password: PASSWORD, type: "totp" },
      remoteAddress,
    });
    expect(locked.statusCode).toBe(401);
    expect(locked.json().code).toBe("account-locked");
  });

  it("sends nothing to someone without 2FA or an unknown address", async () => {
    const contact = await makeContact(t.database.db);
    for (const email of [contact.email, `nobody.${crypto.randomUUID().slice(0, 8)}@example.org`]) {
      const response = await call(t.app, "POST", "/reset-device", {
        body: { email, resetUrl: deviceUrl, type: "totp" },
      });
      expect(response.statusCode).toBe(204);
      expect(await emailsTo(email, "reset-device")).toHaveLength(0);
    }
  });
});
