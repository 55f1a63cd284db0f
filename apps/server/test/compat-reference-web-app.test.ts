/**
 * The reference's own web app (v0.27.4, `apiUrl=/api/1.0/`) against Cohort:
 * the requests it sends, as it sends them, are understood (decision 024).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;

const logIn = async (email: string) =>
  sessionCookie(await call(t.app, "POST", "/auth/login", { body: { email, password: PASSWORD } }));

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeContact(t.database.db, { roles: ["admin"] });
  adminCookie = await logIn(admin.email);
});
afterAll(() => t.close());

/** What the reference's account forms send when no address is filled in. */
const noAddress = { line1: "", line2: "", city: "", postcode: "" };
const anAddress = { line1: "1 Quay St", line2: "", city: "Hull", postcode: "HU1 1AA" };

describe("a contact without a postal address", () => {
  it("a member saves their account with the four empty parts, and has no address", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const cookie = await logIn(member.email);
    const saved = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: {
        firstname: "Mira",
        lastname: "Member",
        profile: { newsletterStatus: "subscribed", deliveryOptIn: false, deliveryAddress: noAddress },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile).toMatchObject({ deliveryOptIn: false, deliveryAddress: null });
  });

  it("clearing an existing address stores none, for the member and on the admin's Account tab", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const cookie = await logIn(member.email);
    const set = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { profile: { deliveryAddress: anAddress } },
    });
    expect(set.json().profile.deliveryAddress).toEqual(anAddress);
    const cleared = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { profile: { deliveryOptIn: false, deliveryAddress: noAddress } },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().profile.deliveryAddress).toBeNull();

    await call(t.app, "PATCH", `/contact/${member.id}`, {
      cookie: adminCookie,
      body: { profile: { deliveryAddress: anAddress } },
    });
    const byAdmin = await call(t.app, "PATCH", `/contact/${member.id}`, {
      cookie: adminCookie,
      body: {
        email: member.email,
        firstname: "Mira",
        lastname: "Member",
        profile: { telephone: "", newsletterStatus: "none", deliveryOptIn: false, deliveryAddress: noAddress },
      },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const read = await call(t.app, "GET", `/contact/${member.id}?with=profile`, { cookie: adminCookie });
    expect(read.json().profile.deliveryAddress).toBeNull();
  });

  it("still needs line 1, city and postcode once any part is filled in, or with delivery opted into", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const cookie = await logIn(member.email);
    const started = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { profile: { deliveryAddress: { ...noAddress, line2: "Flat 2" } } },
    });
    expect(started.statusCode).toBe(400);
    const properties = (response: typeof started) =>
      response.json<{ errors: { property: string }[] }>().errors.map((error) => error.property);
    expect(properties(started)).toEqual([
      "profile.deliveryAddress.line1",
      "profile.deliveryAddress.city",
      "profile.deliveryAddress.postcode",
    ]);
    const optedIn = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { profile: { deliveryOptIn: true, deliveryAddress: noAddress } },
    });
    expect(optedIn.statusCode).toBe(400);
    expect(properties(optedIn)).toContain("profile.deliveryAddress.line1");
  });
});
