import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAs } from "./helpers/callout-factory.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/*
 * The join set-up page asks for a new password only when the person has none:
 * a returning member keeps theirs, which changing would need (decision 017).
 */
describe("GET /contact/me says whether the person has a password", () => {
  it("for the person themselves, who can then set up without a new one", async () => {
    const returning = await makeContact(t.database.db, { roles: ["member"] });
    const cookie = await loginAs(t.app, returning);
    const me = await call(t.app, "GET", "/contact/me", { cookie });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ id: returning.id, hasPassword: true });

    const setup = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { firstname: "Sam", lastname: "Again", profile: { newsletterStatus: "subscribed" } },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    expect(
      (await call(t.app, "POST", "/auth/login", { body: { email: returning.email, password: "wrong" } })).statusCode,
    ).toBe(401);
    expect(await loginAs(t.app, returning)).toBeTruthy();

    // A new password still needs the current one.
    const refused = await call(t.app, "PATCH", "/contact/me", { cookie, body: { password: "Another-pass-1" } });
    expect(refused.statusCode).toBe(400);
  });

  it("as false for someone without one, and not on other people's contacts", async () => {
    const admin = await makeContact(t.database.db, { roles: ["admin", "superadmin"] });
    const adminCookie = await loginAs(t.app, admin);
    const key = await call(t.app, "POST", "/api-key", {
      cookie: adminCookie,
      body: { description: "Sync", currentPassword: PASSWORD },
    });
    const newcomer = await makeContact(t.database.db, { roles: ["member"], password: null });
    const asNewcomer = await call(t.app, "GET", "/contact/me", {
      headers: { authorization: `Bearer ${key.json().token as string}`, "x-contact-id": newcomer.id },
      withoutRequestedWith: true,
    });
    expect(asNewcomer.statusCode, asNewcomer.body).toBe(200);
    expect(asNewcomer.json()).toMatchObject({ id: newcomer.id, hasPassword: false });

    const byAdmin = await call(t.app, "GET", `/contact/${newcomer.id}`, { cookie: adminCookie });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).not.toHaveProperty("hasPassword");
  });
});
