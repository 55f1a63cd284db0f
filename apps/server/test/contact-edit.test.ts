import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, contactTagAssignments, contactTags, payments } from "../src/db/schema/index.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let adminId: string;

const loginAs = async (email: string, password = PASSWORD) =>
  sessionCookie(await call(t.app, "POST", "/auth/login", { body: { email, password } }));

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeContact(t.database.db, { roles: ["admin"] });
  adminId = admin.id;
  adminCookie = await loginAs(admin.email);
});
afterAll(() => t.close());

describe("PATCH /contact/{id}", () => {
  it("lets a member change their own name, password and profile (the email after confirming it)", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const cookie = await loginAs(member.email);
    const response = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: {
        firstname: "Renamed",
        email: "Renamed@Example.org",
        password: "Another-passw0rd",
        currentPassword: PASSWORD,
        profile: {
          telephone: "+44 20 7946 0000",
          deliveryAddress: { line1: "1 Quay St", city: "Hull", postcode: "HU1 1AA" },
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstname: "Renamed",
      email: member.email,
      profile: { telephone: "+44 20 7946 0000", deliveryAddress: { line1: "1 Quay St", line2: "", city: "Hull" } },
    });
    expect(response.json().profile).not.toHaveProperty("notes");
    await loginAs(member.email, "Another-passw0rd");
  });

  it("keeps notes for admins and refuses members writing them", async () => {
    const member = await makeContact(t.database.db);
    const cookie = await loginAs(member.email);
    const refused = await call(t.app, "PATCH", "/contact/me", { cookie, body: { profile: { notes: "VIP" } } });
    expect(refused.statusCode).toBe(403);
    const allowed = await call(t.app, "PATCH", `/contact/${member.id}`, {
      cookie: adminCookie,
      body: { profile: { notes: "Met at the summer fair" } },
    });
    expect(allowed.json().profile.notes).toBe("Met at the summer fair");
  });

  it("refuses a taken email, a weak password, unknown fields and other people's records", async () => {
    const member = await makeContact(t.database.db);
    const other = await makeContact(t.database.db);
    const cookie = await loginAs(member.email);
    const taken = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { email: other.email.toUpperCase(), currentPassword: PASSWORD },
    });
    expect(taken.json().code).toBe("duplicate-email");
    const weak = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { password: "password", currentPassword: PASSWORD },
    });
    expect(weak.statusCode).toBe(400);
    const unknown = await call(t.app, "PATCH", "/contact/me", { cookie, body: { isAdmin: true } });
    expect(unknown.statusCode).toBe(400);
    const elsewhere = await call(t.app, "PATCH", `/contact/${other.id}`, { cookie, body: { firstname: "X" } });
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe("DELETE /contact/{id}", () => {
  it("removes personal data but keeps payments and keys, without dangling references", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const now = t.clock.now();
    const paymentId = randomUUID();
    await t.database.db.insert(payments).values({
      id: paymentId,
      contactId: member.id,
      provider: "test",
      providerPaymentId: `p-${paymentId}`,
      amount: 500,
      currency: "GBP",
      status: "successful",
      chargeDate: now,
      createdAt: now,
      updatedAt: now,
    });
    await t.database.db
      .insert(apiKeys)
      .values({ id: "0123456789abcdef", secretHash: "x", description: "d", creatorId: member.id, createdAt: now });

    const response = await call(t.app, "DELETE", `/contact/${member.id}`, { cookie: adminCookie });
    expect(response.statusCode).toBe(204);
    expect((await call(t.app, "GET", `/contact/${member.id}`, { cookie: adminCookie })).statusCode).toBe(404);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ contactId: null, amount: 500 });
    const [key] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, "0123456789abcdef"));
    expect(key?.creatorId).toBeNull();
    expect((await call(t.app, "GET", "/contact?limit=100", { cookie: adminCookie })).statusCode).toBe(200);
    expect((await call(t.app, "DELETE", `/contact/${member.id}`, { cookie: adminCookie })).statusCode).toBe(404);
  });

  it("lets people delete themselves and ends their session", async () => {
    const member = await makeContact(t.database.db);
    const cookie = await loginAs(member.email);
    expect((await call(t.app, "DELETE", "/contact/me", { cookie })).statusCode).toBe(204);
    expect((await call(t.app, "GET", "/contact/me", { cookie })).statusCode).toBe(401);
  });

  it("never deletes the last admin", async () => {
    const response = await call(t.app, "DELETE", `/contact/${adminId}`, { cookie: adminCookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/only admin/);
  });
});

describe("PATCH /contact (bulk tags)", () => {
  it("adds and removes a tag on everyone the rules match, idempotently", async () => {
    const tagId = randomUUID();
    await t.database.db.insert(contactTags).values({ id: tagId, name: `Bulk ${tagId.slice(0, 6)}` });
    const people = await Promise.all(
      ["bulk-a", "bulk-b", "other-c"].map((prefix) =>
        makeContact(t.database.db, { email: `${prefix}.${tagId}@example.org` }),
      ),
    );
    const rules = { condition: "AND", rules: [{ field: "email", operator: "begins_with", value: ["bulk-"] }] };
    for (let round = 0; round < 2; round++) {
      const added = await call(t.app, "PATCH", "/contact", {
        cookie: adminCookie,
        body: { rules, updates: { tags: [`+${tagId}`] } },
      });
      expect(added.json()).toEqual({ affected: 2 });
    }
    const tagged = await t.database.db
      .select()
      .from(contactTagAssignments)
      .where(eq(contactTagAssignments.tagId, tagId));
    expect(tagged.map((row) => row.contactId).sort()).toEqual([people[0]!.id, people[1]!.id].sort());

    const onlyA = { condition: "OR", rules: [{ field: "id", operator: "equal", value: [people[0]!.id] }] };
    await call(t.app, "PATCH", "/contact", {
      cookie: adminCookie,
      body: { rules: onlyA, updates: { tags: [`-${tagId}`] } },
    });
    const after = await t.database.db
      .select()
      .from(contactTagAssignments)
      .where(eq(contactTagAssignments.tagId, tagId));
    expect(after.map((row) => row.contactId)).toEqual([people[1]!.id]);
  });

  it("answers 0 when nothing matches and refuses unknown tags or other updates", async () => {
    const nobody = { condition: "AND", rules: [{ field: "email", operator: "equal", value: ["nobody@nowhere.test"] }] };
    const tagId = randomUUID();
    await t.database.db.insert(contactTags).values({ id: tagId, name: `Empty ${tagId.slice(0, 6)}` });
    const none = await call(t.app, "PATCH", "/contact", {
      cookie: adminCookie,
      body: { rules: nobody, updates: { tags: [`+${tagId}`] } },
    });
    expect(none.json()).toEqual({ affected: 0 });
    const unknownTag = await call(t.app, "PATCH", "/contact", {
      cookie: adminCookie,
      body: { rules: nobody, updates: { tags: [`+${randomUUID()}`] } },
    });
    expect(unknownTag.statusCode).toBe(400);
    const otherUpdate = await call(t.app, "PATCH", "/contact", {
      cookie: adminCookie,
      body: { rules: nobody, updates: { firstname: "X" } },
    });
    expect(otherUpdate.statusCode).toBe(400);
    const badRule = await call(t.app, "PATCH", "/contact", {
      cookie: adminCookie,
      body: {
        rules: { condition: "AND", rules: [{ field: "nope", operator: "equal", value: ["x"] }] },
        updates: { tags: [`+${tagId}`] },
      },
    });
    expect(badRule.json().code).toBe("invalid-rule");
  });
});

describe("password changes", () => {
  it("end every other session of that person, keeping the one that made the change", async () => {
    const member = await makeContact(t.database.db);
    const laptop = await loginAs(member.email);
    const phone = await loginAs(member.email);
    const change = await call(t.app, "PATCH", "/contact/me", {
      cookie: laptop,
      body: { password: "Brand-new-passw0rd", currentPassword: PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    expect((await call(t.app, "GET", "/contact/me", { cookie: laptop })).statusCode).toBe(200);
    expect((await call(t.app, "GET", "/contact/me", { cookie: phone })).statusCode).toBe(401);
  });

  it("set by an admin end all of that person's sessions", async () => {
    const member = await makeContact(t.database.db);
    const cookie = await loginAs(member.email);
    await call(t.app, "PATCH", `/contact/${member.id}`, {
      cookie: adminCookie,
      body: { password: "Admin-set-passw0rd" },
    });
    expect((await call(t.app, "GET", "/contact/me", { cookie })).statusCode).toBe(401);
    expect((await call(t.app, "GET", "/contact/me", { cookie: adminCookie })).statusCode).toBe(200);
  });
});
