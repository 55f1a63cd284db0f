import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PASSWORD_TRIES } from "@cohort/common/contacts";
import { ONE_MINUTE } from "@cohort/common/time";
import { generateTotp } from "../src/modules/auth/totp.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

const TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (body: unknown, options: { ip?: string } = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/1.0/auth/login",
    headers: { "x-requested-with": "XMLHttpRequest" },
    payload: body as object,
    remoteAddress: options.ip ?? "127.0.0.1",
  });

describe("POST /auth/login", () => {
  it("logs in with the right password and sets a safe session cookie", async () => {
    const contact = await makeContact(t.database.db, { roles: ["member"] });
    const response = await login({ email: contact.email, password: PASSWORD });
    expect(response.statusCode).toBe(204);
    const cookie = response.cookies.find((entry) => entry.name === "cohort_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    // The test host is localhost, where browsers do not need Secure.
    expect(cookie?.secure).toBeFalsy();

    const me = await call(t.app, "GET", "/contact/me", { cookie: sessionCookie(response) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: contact.id, email: contact.email, activeRoles: ["member"] });
  });

  it("marks the cookie Secure when served on a real host name", async () => {
    const contact = await makeContact(t.database.db);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/1.0/auth/login",
      headers: { "x-requested-with": "XMLHttpRequest", host: "members.example.org" },
      payload: { email: contact.email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((entry) => entry.name === "cohort_session")?.secure).toBe(true);
  });

  it("matches the email case-insensitively and ignores surrounding spaces", async () => {
    const contact = await makeContact(t.database.db);
    const response = await login({ email: `  ${contact.email.toUpperCase()} `, password: PASSWORD });
    expect(response.statusCode).toBe(204);
  });

  it("answers login-failed for an unknown email and for a wrong password, the same way", async () => {
    const contact = await makeContact(t.database.db);
    const unknown = await login({ email: "nobody@example.org", password: PASSWORD }, { ip: "10.9.0.1" });
    const wrong = await login({ email: contact.email, password: "not-the-password" }, { ip: "10.9.0.2" });
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: "login-failed", httpCode: 401, name: "UnauthorizedError" });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it("refuses a contact with no password set", async () => {
    const contact = await makeContact(t.database.db, { password: null });
    const response = await login({ email: contact.email, password: "anything-at-all" });
    expect(response.json().code).toBe("login-failed");
  });

  it("locks the failing address out after too many failures, even for the right password, and no one else", async () => {
    const contact = await makeContact(t.database.db);
    for (let attempt = 0; attempt < MAX_PASSWORD_TRIES; attempt++) {
      const response = await login({ email: contact.email, password: "wrong-password" }, { ip: "10.3.0.1" });
      expect(response.json().code).toBe("login-failed");
    }
    const locked = await login({ email: contact.email, password: PASSWORD }, { ip: "10.3.0.1" });
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toMatchObject({
      code: "account-locked",
      message: expect.stringContaining("too many failed login attempts"),
    });
    expect((await login({ email: contact.email, password: PASSWORD }, { ip: "10.3.0.2" })).statusCode).toBe(204);
  });

  it("slows down repeated failures per account and per address", async () => {
    const contact = await makeContact(t.database.db);
    t.sleeps.length = 0;
    await login({ email: contact.email, password: "wrong-1" }, { ip: "10.1.0.1" });
    await login({ email: contact.email, password: "wrong-2" }, { ip: "10.1.0.2" });
    await login({ email: contact.email, password: "wrong-3" }, { ip: "10.1.0.3" });
    expect(t.sleeps).toHaveLength(3);
    expect(t.sleeps[1]).toBeGreaterThan(t.sleeps[0]!);
    expect(t.sleeps[2]).toBeGreaterThan(t.sleeps[1]!);

    // One address guessing across many accounts is slowed down too.
    t.sleeps.length = 0;
    for (let index = 0; index < 3; index++) {
      await login({ email: `guess${index}@example.org`, password: "x" }, { ip: "10.2.0.1" });
    }
    expect(t.sleeps[2]).toBeGreaterThan(t.sleeps[0]!);

    // Failures are forgotten after a quiet quarter of an hour.
    t.clock.advance(16 * ONE_MINUTE);
    t.sleeps.length = 0;
    await login({ email: "guess-late@example.org", password: "x" }, { ip: "10.2.0.1" });
    expect(t.sleeps[0]).toBeLessThanOrEqual(250);
  });

  it("asks for the 2FA token, refuses a wrong one, accepts the right one once", async () => {
    const contact = await makeContact(t.database.db, { totpSecret: TOTP_SECRET });
    const withoutToken = await login({ email: contact.email, password: PASSWORD });
    expect(withoutToken.statusCode).toBe(401);
    expect(withoutToken.json().code).toBe("requires-2fa");
    expect(withoutToken.cookies).toHaveLength(0);

    const wrongToken = await login({ email: contact.email, password: PASSWORD, token: "000000" });
    expect(wrongToken.json().code).toBe("invalid-token");

    const token = generateTotp(TOTP_SECRET, t.clock.now());
    const ok = await login({ email: contact.email, password: PASSWORD, token });
    expect(ok.statusCode).toBe(204);

    const replay = await login({ email: contact.email, password: PASSWORD, token });
    expect(replay.json().code).toBe("token-already-used");
  });

  it("checks the password before asking for a token", async () => {
    const contact = await makeContact(t.database.db, { totpSecret: TOTP_SECRET });
    const response = await login({ email: contact.email, password: "wrong-password" });
    expect(response.json().code).toBe("login-failed");
  });

  it("rejects malformed input with field errors", async () => {
    const response = await login({ email: "not-an-email", password: "" });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("invalid-request");
    expect(body.errors.map((error: { property: string }) => error.property).sort()).toEqual(["email", "password"]);
  });

  it("rejects unknown fields", async () => {
    const response = await login({ email: "a@example.org", password: "x", isAdmin: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ property: "isAdmin" });
  });
});

describe("sessions", () => {
  it("logout ends the session on the server, not only in the browser", async () => {
    const contact = await makeContact(t.database.db);
    const cookie = sessionCookie(await login({ email: contact.email, password: PASSWORD }));
    const logout = await call(t.app, "POST", "/auth/logout", { cookie });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((entry) => entry.name === "cohort_session")?.value).toBe("");

    const after = await call(t.app, "GET", "/contact/me", { cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe("not-authenticated");
  });

  it("expires sessions after their lifetime", async () => {
    const contact = await makeContact(t.database.db);
    const cookie = sessionCookie(await login({ email: contact.email, password: PASSWORD }));
    t.clock.advance(8 * 24 * 60 * ONE_MINUTE);
    const response = await call(t.app, "GET", "/contact/me", { cookie });
    expect(response.statusCode).toBe(401);
  });

  it("records when a contact was last seen", async () => {
    const contact = await makeContact(t.database.db);
    const cookie = sessionCookie(await login({ email: contact.email, password: PASSWORD }));
    const me = await call(t.app, "GET", "/contact/me", { cookie });
    expect(me.json().lastSeen).toBe(t.clock.now().toISOString());
  });

  it("reports who is calling on /auth/info", async () => {
    const anonymous = await call(t.app, "GET", "/auth/info");
    expect(anonymous.json()).toEqual({ method: "none", roles: [] });

    const admin = await makeContact(t.database.db, { roles: ["superadmin"] });
    const cookie = sessionCookie(await login({ email: admin.email, password: PASSWORD }));
    const info = await call(t.app, "GET", "/auth/info", { cookie });
    expect(info.json()).toMatchObject({ method: "user", roles: ["superadmin", "admin"], contact: { id: admin.id } });
  });
});

describe("the requested-with rule", () => {
  it("refuses cookie-authenticated writes without the header", async () => {
    const contact = await makeContact(t.database.db);
    const cookie = sessionCookie(await login({ email: contact.email, password: PASSWORD }));
    const response = await call(t.app, "POST", "/auth/logout", { cookie, withoutRequestedWith: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("missing-requested-with");
    // The session survived: the forged request changed nothing.
    expect((await call(t.app, "GET", "/contact/me", { cookie })).statusCode).toBe(200);
  });

  it("refuses a login form posted from elsewhere", async () => {
    const contact = await makeContact(t.database.db);
    const response = await call(t.app, "POST", "/auth/login", {
      body: { email: contact.email, password: PASSWORD },
      withoutRequestedWith: true,
    });
    expect(response.statusCode).toBe(403);
  });

  it("lets reads through without the header", async () => {
    const response = await call(t.app, "GET", "/content/general", { withoutRequestedWith: true });
    expect(response.statusCode).toBe(200);
  });
});
