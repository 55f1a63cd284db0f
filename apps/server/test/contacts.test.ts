import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactTags } from "../src/db/schema/index.js";
import { contactSchema } from "@cohort/common/contacts";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let superadminCookie: string;

const loginAs = async (email: string, password = PASSWORD) =>
  sessionCookie(await call(t.app, "POST", "/auth/login", { body: { email, password } }));

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await loginAs((await makeContact(t.database.db, { roles: ["admin"] })).email);
  superadminCookie = await loginAs((await makeContact(t.database.db, { roles: ["superadmin"] })).email);
});
afterAll(() => t.close());

describe("POST /contact", () => {
  it("creates a member who can then log in", async () => {
    const now = t.clock.now().toISOString();
    const response = await call(t.app, "POST", "/contact", {
      cookie: adminCookie,
      body: {
        email: "New.Member@Example.org",
        firstname: "Nora",
        lastname: "Member",
        password: "Member-passw0rd",
        profile: { newsletterStatus: "subscribed", deliveryOptIn: true },
        roles: [{ role: "member", dateAdded: now }],
      },
    });
    expect(response.statusCode).toBe(200);
    const contact = contactSchema.parse(response.json());
    expect(contact).toMatchObject({
      email: "new.member@example.org",
      activeRoles: ["member"],
      roles: [{ role: "member", dateAdded: now, dateExpires: null }],
      profile: { newsletterStatus: "subscribed", deliveryOptIn: true, deliveryAddress: null },
    });
    const cookie = await loginAs("new.member@example.org", "Member-passw0rd");
    expect((await call(t.app, "GET", "/contact/me", { cookie })).json().id).toBe(contact.id);
  });

  it("refuses a duplicate email, whatever its case", async () => {
    const existing = await makeContact(t.database.db);
    const response = await call(t.app, "POST", "/contact", {
      cookie: adminCookie,
      body: { email: existing.email.toUpperCase(), firstname: "A", lastname: "B" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "duplicate-email", message: "Email address already exists" });
  });

  it("lets only a superadmin grant superadmin", async () => {
    const body = {
      email: "boss@example.org",
      roles: [{ role: "superadmin", dateAdded: t.clock.now().toISOString() }],
    };
    const refused = await call(t.app, "POST", "/contact", { cookie: adminCookie, body });
    expect(refused.statusCode).toBe(403);
    const allowed = await call(t.app, "POST", "/contact", { cookie: superadminCookie, body });
    expect(allowed.statusCode).toBe(200);
  });

  it("validates every field and names the offenders", async () => {
    const response = await call(t.app, "POST", "/contact", {
      cookie: adminCookie,
      body: {
        email: "not an email",
        password: "short",
        profile: { deliveryAddress: { line2: "Flat 2" }, newsletterStatus: "maybe" },
        roles: [{ role: "member", dateAdded: "2026-05-01T00:00:00.000Z", dateExpires: "2026-04-01T00:00:00.000Z" }],
      },
    });
    expect(response.statusCode).toBe(400);
    const properties = response.json().errors.map((error: { property: string }) => error.property);
    expect(properties).toEqual(
      expect.arrayContaining([
        "email",
        "password",
        "profile.deliveryAddress.line1",
        "profile.deliveryAddress.city",
        "profile.newsletterStatus",
        "roles.0.dateExpires",
      ]),
    );
  });

  it("stores SQL-looking input as plain text", async () => {
    const response = await call(t.app, "POST", "/contact", {
      cookie: adminCookie,
      body: { email: "robert@example.org", firstname: "Robert'); DROP TABLE contacts;--", lastname: "Tables" },
    });
    expect(response.json().firstname).toBe("Robert'); DROP TABLE contacts;--");
    expect((await call(t.app, "GET", "/contact/me", { cookie: adminCookie })).statusCode).toBe(200);
  });
});

describe("POST /contact with a manual contribution and tags", () => {
  it("records the contribution exactly and tags the contact", async () => {
    const tagId = randomUUID();
    await t.database.db.insert(contactTags).values({ id: tagId, name: "Standing order" });
    const response = await call(t.app, "POST", "/contact", {
      cookie: adminCookie,
      body: {
        email: "manual@example.org",
        firstname: "Manu",
        contribution: { type: "Manual", amount: 7.5, period: "monthly", source: "Standing order", reference: "SO-123" },
        tags: [tagId],
        roles: [{ role: "member", dateAdded: t.clock.now().toISOString() }],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      contributionAmount: 7.5,
      contributionPeriod: "monthly",
      tags: [{ id: tagId, name: "Standing order" }],
      contribution: {
        type: "Manual",
        amount: 7.5,
        period: "monthly",
        paymentSource: { method: null, source: "Standing order", reference: "SO-123" },
        membershipStatus: "active",
      },
    });
  });

  it("refuses an amount without a period, three decimals, and unknown tags, saving nothing", async () => {
    const bodies = [
      { email: "m1@example.org", contribution: { type: "Manual", amount: 5 } },
      { email: "m2@example.org", contribution: { type: "Manual", amount: 5.555, period: "monthly" } },
      { email: "m3@example.org", contribution: { type: "None", amount: 5, period: "monthly" } },
      { email: "m4@example.org", tags: [randomUUID()] },
    ];
    for (const body of bodies) {
      const response = await call(t.app, "POST", "/contact", { cookie: adminCookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const list = await call(
      t.app,
      "GET",
      `/contact?rules=${encodeURIComponent(
        JSON.stringify({
          condition: "AND",
          rules: [{ field: "email", operator: "begins_with", value: ["m4@"] }],
        }),
      )}`,
      { cookie: adminCookie },
    );
    expect(list.json().total).toBe(0);
  });
});

describe("GET /contact/{id}", () => {
  it("returns the extras asked for with `with`, admin-only fields to admins only", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const memberCookie = await loginAs(member.email);
    const own = await call(t.app, "GET", "/contact/me?with=profile&with=roles&with=isReviewer&with=contribution", {
      cookie: memberCookie,
    });
    expect(own.statusCode).toBe(200);
    const body = own.json();
    expect(body.profile).not.toHaveProperty("notes");
    expect(body.isReviewer).toBe(false);
    expect(body.contribution).toMatchObject({ type: "None", membershipStatus: "active" });
    expect(body.roles).toHaveLength(1);

    const asAdmin = await call(t.app, "GET", `/contact/${member.id}?with[]=profile`, { cookie: adminCookie });
    expect(asAdmin.json().profile).toHaveProperty("notes", "");
  });

  it("refuses unknown `with` options and answers 404 for unknown ids", async () => {
    const bad = await call(t.app, "GET", "/contact/me?with=everything", { cookie: adminCookie });
    expect(bad.statusCode).toBe(400);
    const missing = await call(t.app, "GET", "/contact/6f1c8a52-4a0e-4d59-9b8e-2f4a1f0c9d11", { cookie: adminCookie });
    expect(missing.statusCode).toBe(404);
  });
});
