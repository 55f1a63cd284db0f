import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoleType } from "@cohort/common/contacts";
import { ONE_DAY } from "@cohort/common/time";
import { contactMfa, contacts } from "../src/db/schema/index.js";
import { upsertRole } from "../src/modules/contacts/queries.js";
import { generateTotp } from "../src/modules/auth/totp.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

const SECRET = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";
const NEW_PASSWORD = "Taken-over-pass1";

let t: TestApp;
let adminCookie: string;
let superadminCookie: string;

const loginAs = async (email: string, password = PASSWORD) =>
  sessionCookie(await call(t.app, "POST", "/auth/login", { body: { email, password } }));

const contactWith = (roles: RoleType[]) => makeContact(t.database.db, { roles, totpSecret: SECRET });

beforeAll(async () => {
  t = await createTestApp();
  // The first superadmin keeps the site administrable whatever the tests delete.
  await makeContact(t.database.db, { roles: ["superadmin"] });
  adminCookie = await loginAs((await makeContact(t.database.db, { roles: ["admin"] })).email);
  superadminCookie = await loginAs((await makeContact(t.database.db, { roles: ["superadmin"] })).email);
});
afterAll(() => t.close());

type Method = "POST" | "PUT" | "PATCH" | "DELETE";

/** Every route that changes a contact by id, with a body that would succeed for someone allowed. */
function changes(id: string): { method: Method; path: string; body?: unknown }[] {
  return [
    { method: "PATCH", path: `/contact/${id}`, body: { firstname: "Renamed" } },
    { method: "PATCH", path: `/contact/${id}`, body: { password: NEW_PASSWORD } },
    { method: "PATCH", path: `/contact/${id}`, body: { email: `taken.${id.slice(0, 8)}@example.org` } },
    { method: "PATCH", path: `/contact/${id}`, body: { profile: { notes: "Changed" } } },
    { method: "PUT", path: `/contact/${id}/role/member`, body: { dateAdded: new Date().toISOString() } },
    { method: "PUT", path: `/contact/${id}/role/admin`, body: { dateAdded: new Date().toISOString() } },
    { method: "DELETE", path: `/contact/${id}/role/admin` },
    { method: "DELETE", path: `/contact/${id}/role/member` },
    { method: "DELETE", path: `/contact/${id}/mfa`, body: { type: "totp" } },
    {
      method: "POST",
      path: `/contact/${id}/mfa`,
      body: { type: "totp", secret: SECRET, token: generateTotp(SECRET, t.clock.now()) },
    },
    {
      method: "PATCH",
      path: `/contact/${id}/contribution/force`,
      body: { type: "Manual", amount: 5, period: "monthly" },
    },
    { method: "POST", path: `/contact/${id}/contribution/cancel` },
    { method: "PATCH", path: `/contact/${id}/contribution`, body: { amount: 10 } },
    {
      method: "PUT",
      path: `/contact/${id}/payment-method`,
      body: { completeUrl: "http://localhost:3000/profile/contribution/payment-method/complete" },
    },
    { method: "DELETE", path: `/contact/${id}` },
  ];
}

async function expectUntouched(id: string, email: string): Promise<void> {
  const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, id));
  expect(row).toMatchObject({ email, firstname: "Test" });
  expect(await t.database.db.select().from(contactMfa).where(eq(contactMfa.contactId, id))).toHaveLength(1);
  // The old password is still right: the login only asks for the second factor.
  const login = await call(t.app, "POST", "/auth/login", { body: { email, password: PASSWORD } });
  expect(login.json().code).toBe("requires-2fa");
}

describe("nobody changes a contact with more rights than their own", () => {
  it("refuses an admin every change to a superadmin, and changes nothing", async () => {
    const superadmin = await contactWith(["superadmin"]);
    for (const change of changes(superadmin.id)) {
      const response = await call(t.app, change.method, change.path, { cookie: adminCookie, body: change.body });
      expect(response.statusCode, `${change.method} ${change.path} ${JSON.stringify(change.body)}`).toBe(403);
      expect(response.json().code).toBe("forbidden");
    }
    await expectUntouched(superadmin.id, superadmin.email);
  });

  it("protects someone whose superadmin role starts later, too", async () => {
    const future = await makeContact(t.database.db, { roles: ["member"] });
    await upsertRole(t.database.db, {
      contactId: future.id,
      role: "superadmin",
      dateAdded: new Date(t.clock.now().getTime() + 7 * ONE_DAY),
      dateExpires: null,
    });
    const response = await call(t.app, "PATCH", `/contact/${future.id}`, {
      cookie: adminCookie,
      body: { password: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
  });

  it("skips imported rows that would change a superadmin", async () => {
    const superadmin = await contactWith(["superadmin"]);
    const member = await makeContact(t.database.db);
    const response = await call(t.app, "POST", "/contact/import", {
      cookie: adminCookie,
      body: {
        rows: [
          { email: member.email, firstname: "Imported" },
          { email: superadmin.email, firstname: "Imported", membershipStarts: "2020-01-01" },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ updated: 1, skipped: 1, errors: [{ row: 2, property: "email" }] });
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, superadmin.id));
    expect(row?.firstname).toBe("Test");
  });

  it("lets a superadmin manage another superadmin", async () => {
    const other = await contactWith(["superadmin"]);
    const patch = await call(t.app, "PATCH", `/contact/${other.id}`, {
      cookie: superadminCookie,
      body: { password: NEW_PASSWORD, firstname: "Renamed" },
    });
    expect(patch.statusCode).toBe(200);
    const mfa = await call(t.app, "DELETE", `/contact/${other.id}/mfa`, {
      cookie: superadminCookie,
      body: { type: "totp" },
    });
    expect(mfa.statusCode).toBe(201);
    await loginAs(other.email, NEW_PASSWORD);
    const role = await call(t.app, "DELETE", `/contact/${other.id}/role/superadmin`, { cookie: superadminCookie });
    expect(role.statusCode).toBe(204);
    const removed = await call(t.app, "DELETE", `/contact/${other.id}`, { cookie: superadminCookie });
    expect(removed.statusCode).toBe(204);
  });

  it("lets an admin manage members and other admins, at once", async () => {
    for (const roles of [["member"], ["admin"]] satisfies RoleType[][]) {
      const contact = await contactWith(roles);
      const newEmail = `moved.${contact.id.slice(0, 8)}@example.org`;
      const patch = await call(t.app, "PATCH", `/contact/${contact.id}`, {
        cookie: adminCookie,
        body: { password: NEW_PASSWORD, email: newEmail },
      });
      expect(patch.statusCode, roles.join()).toBe(200);
      expect(patch.json().email).toBe(newEmail);
      const mfa = await call(t.app, "DELETE", `/contact/${contact.id}/mfa`, {
        cookie: adminCookie,
        body: { type: "totp" },
      });
      expect(mfa.statusCode).toBe(201);
      await loginAs(newEmail, NEW_PASSWORD);
      const forced = await call(t.app, "PATCH", `/contact/${contact.id}/contribution/force`, {
        cookie: adminCookie,
        body: { type: "Manual", amount: 5, period: "monthly" },
      });
      expect(forced.statusCode).toBe(200);
      const removed = await call(t.app, "DELETE", `/contact/${contact.id}`, { cookie: adminCookie });
      expect(removed.statusCode).toBe(204);
    }
  });

  it("still lets people change themselves, superadmins included", async () => {
    const superadmin = await makeContact(t.database.db, { roles: ["superadmin"] });
    const cookie = await loginAs(superadmin.email);
    const response = await call(t.app, "PATCH", `/contact/${superadmin.id}`, { cookie, body: { firstname: "Self" } });
    expect(response.statusCode).toBe(200);
  });
});

describe("API keys", () => {
  const bearer = (token: string, contactId?: string) => ({
    authorization: `Bearer ${token}`,
    ...(contactId ? { "x-contact-id": contactId } : {}),
  });
  let token: string;

  beforeAll(async () => {
    const response = await call(t.app, "POST", "/api-key", {
      cookie: superadminCookie,
      body: { description: "Sync", currentPassword: PASSWORD },
    });
    token = response.json().token as string;
  });

  it("never act as an admin or a superadmin through X-Contact-Id", async () => {
    const future = await makeContact(t.database.db, { roles: ["member"] });
    await upsertRole(t.database.db, {
      contactId: future.id,
      role: "admin",
      dateAdded: new Date(t.clock.now().getTime() + ONE_DAY),
      dateExpires: null,
    });
    for (const contact of [await contactWith(["admin"]), await contactWith(["superadmin"]), future]) {
      for (const [method, path] of [
        ["GET", "/auth/info"],
        ["PATCH", "/contact/me"],
      ] as const) {
        const response = await call(t.app, method, path, {
          headers: bearer(token, contact.id),
          body: method === "PATCH" ? { email: "attacker@example.org" } : undefined,
          withoutRequestedWith: true,
        });
        expect(response.statusCode, `${method} ${path}`).toBe(403);
        expect(response.json().code).toBe("forbidden");
      }
    }
  });

  it("act as members, and without a contact stay below superadmins", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const asMember = await call(t.app, "GET", "/contact/me", { headers: bearer(token, member.id) });
    expect(asMember.json()).toMatchObject({ id: member.id, activeRoles: ["member"] });

    // Without a contact a key reaches the admin-only routes, such as roles.
    const role = { dateAdded: new Date().toISOString() };
    const superadmin = await contactWith(["superadmin"]);
    const refused = await call(t.app, "PUT", `/contact/${superadmin.id}/role/member`, {
      headers: bearer(token),
      body: role,
    });
    expect(refused.statusCode).toBe(403);
    const admin = await contactWith(["admin"]);
    const allowed = await call(t.app, "PUT", `/contact/${admin.id}/role/member`, {
      headers: bearer(token),
      body: role,
    });
    expect(allowed.statusCode).toBe(200);
  });
});
