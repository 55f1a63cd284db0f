import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateTotp } from "../src/modules/auth/totp.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

const SECRET = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";
const OTHER_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const loginBody = (email: string, token?: string) => ({
  body: { email, password: PASSWORD, ...(token ? { token } : {}) },
});

describe("two-factor authentication", () => {
  it("is enrolled with a working code, then required at login", async () => {
    const contact = await makeContact(t.database.db);
    const cookie = sessionCookie(await call(t.app, "POST", "/auth/login", loginBody(contact.email)));
    expect((await call(t.app, "GET", "/contact/me/mfa", { cookie })).statusCode).toBe(204);

    const wrong = await call(t.app, "POST", "/contact/me/mfa", {
      cookie,
      body: { secret: SECRET, token: generateTotp(OTHER_SECRET, t.clock.now()), type: "totp" },
    });
    // 400, not 401: the person stays logged in.
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("invalid-token");

    const enrol = await call(t.app, "POST", "/contact/me/mfa", {
      cookie,
      body: { secret: SECRET, token: generateTotp(SECRET, t.clock.now()), type: "totp" },
    });
    expect(enrol.statusCode).toBe(201);
    expect((await call(t.app, "GET", "/contact/me/mfa", { cookie })).json()).toMatchObject({ type: "totp" });

    const again = await call(t.app, "POST", "/contact/me/mfa", {
      cookie,
      body: { secret: SECRET, token: generateTotp(SECRET, t.clock.now()), type: "totp" },
    });
    expect(again.json().code).toBe("mfa-already-enabled");

    expect((await call(t.app, "POST", "/auth/login", loginBody(contact.email))).json().code).toBe("requires-2fa");
    // The code used to enrol cannot be replayed to log in, and the refusal says why.
    const replay = await call(
      t.app,
      "POST",
      "/auth/login",
      loginBody(contact.email, generateTotp(SECRET, t.clock.now())),
    );
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe("token-already-used");
    t.clock.advance(30_000);
    const next = await call(
      t.app,
      "POST",
      "/auth/login",
      loginBody(contact.email, generateTotp(SECRET, t.clock.now())),
    );
    expect(next.statusCode).toBe(204);
  });

  it("needs a current code to switch off your own", async () => {
    const contact = await makeContact(t.database.db, { totpSecret: SECRET });
    const cookie = sessionCookie(
      await call(t.app, "POST", "/auth/login", loginBody(contact.email, generateTotp(SECRET, t.clock.now()))),
    );
    const body = { type: "totp", currentPassword: PASSWORD };
    const missing = await call(t.app, "DELETE", "/contact/me/mfa", { cookie, body });
    expect(missing.json().code).toBe("missing-token");
    const viaOwnId = await call(t.app, "DELETE", `/contact/${contact.id}/mfa`, { cookie, body });
    expect(viaOwnId.json().code).toBe("missing-token");

    t.clock.advance(30_000);
    const ok = await call(t.app, "DELETE", "/contact/me/mfa", {
      cookie,
      body: { ...body, token: generateTotp(SECRET, t.clock.now()) },
    });
    expect(ok.statusCode).toBe(201);
    expect((await call(t.app, "POST", "/auth/login", loginBody(contact.email))).statusCode).toBe(204);
  });

  it("can be removed by an admin for someone who lost their device", async () => {
    const admin = await makeContact(t.database.db, { roles: ["admin"] });
    const member = await makeContact(t.database.db, { totpSecret: SECRET });
    const cookie = sessionCookie(await call(t.app, "POST", "/auth/login", loginBody(admin.email)));
    const response = await call(t.app, "DELETE", `/contact/${member.id}/mfa`, { cookie, body: { type: "totp" } });
    expect(response.statusCode).toBe(201);
    const again = await call(t.app, "DELETE", `/contact/${member.id}/mfa`, { cookie, body: { type: "totp" } });
    expect(again.statusCode).toBe(404);
  });

  it("cannot be touched on someone else's account by a member", async () => {
    const member = await makeContact(t.database.db);
    const other = await makeContact(t.database.db, { totpSecret: SECRET });
    const cookie = sessionCookie(await call(t.app, "POST", "/auth/login", loginBody(member.email)));
    const response = await call(t.app, "DELETE", `/contact/${other.id}/mfa`, { cookie, body: { type: "totp" } });
    expect(response.statusCode).toBe(401);
  });
});
