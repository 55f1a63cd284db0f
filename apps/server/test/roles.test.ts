import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoleType } from "@cohort/common/contacts";
import { roleSchema } from "@cohort/common/contacts";
import { contactRoles } from "../src/db/schema/index.js";
import { createApiKey } from "../src/modules/api-keys/service.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";
import { untilAnotherWaitsForALock } from "./helpers/blocked.js";

const HOUR = 3_600_000;
const UNKNOWN_ID = "6f1c8a52-4a0e-4d59-9b8e-2f4a1f0c9d11";

const loginAs = async (t: TestApp, email: string) =>
  sessionCookie(await call(t.app, "POST", "/auth/login", { body: { email, password: PASSWORD } }));

/** An ISO date `hours` away from the test clock's now. */
const at = (t: TestApp, hours: number) => new Date(t.clock.now().getTime() + hours * HOUR).toISOString();

const putRole = (t: TestApp, cookie: string, contactId: string, role: string, body: unknown) =>
  call(t.app, "PUT", `/contact/${contactId}/role/${role}`, { cookie, body });
const deleteRole = (t: TestApp, cookie: string, contactId: string, role: string) =>
  call(t.app, "DELETE", `/contact/${contactId}/role/${role}`, { cookie });

async function storedRole(t: TestApp, contactId: string, role: RoleType) {
  const [row] = await t.database.db
    .select()
    .from(contactRoles)
    .where(and(eq(contactRoles.contactId, contactId), eq(contactRoles.role, role)));
  return row;
}

describe("roles", () => {
  let t: TestApp;
  let adminCookie: string;
  let superadminCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    adminCookie = await loginAs(t, (await makeContact(t.database.db, { roles: ["admin"] })).email);
    superadminCookie = await loginAs(t, (await makeContact(t.database.db, { roles: ["superadmin"] })).email);
  });
  afterAll(() => t.close());

  const viewContact = async (contactId: string) => {
    const response = await call(t.app, "GET", `/contact/${contactId}?with=roles`, { cookie: adminCookie });
    expect(response.statusCode).toBe(200);
    return response.json<{ activeRoles: RoleType[]; roles: unknown[] }>();
  };

  describe("PUT /contact/{id}/role/{role}", () => {
    it("grants a role and answers the Role JSON, visible on the contact", async () => {
      const contact = await makeContact(t.database.db);
      const dateAdded = at(t, -1);
      const response = await putRole(t, adminCookie, contact.id, "member", { dateAdded });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ role: "member", dateAdded, dateExpires: null });
      roleSchema.parse(response.json());

      const view = await viewContact(contact.id);
      expect(view.activeRoles).toEqual(["member"]);
      expect(view.roles).toEqual([{ role: "member", dateAdded, dateExpires: null }]);
    });

    it("updates in place: a missing expiry keeps the stored one, null clears it", async () => {
      const contact = await makeContact(t.database.db, { roles: ["member"] });
      const dateExpires = at(t, 24 * 30);
      const withExpiry = await putRole(t, adminCookie, contact.id, "member", { dateAdded: at(t, -2), dateExpires });
      expect(withExpiry.json()).toMatchObject({ dateExpires });

      const moved = at(t, -5);
      const kept = await putRole(t, adminCookie, contact.id, "member", { dateAdded: moved });
      expect(kept.json()).toEqual({ role: "member", dateAdded: moved, dateExpires });

      const cleared = await putRole(t, adminCookie, contact.id, "member", { dateAdded: moved, dateExpires: null });
      expect(cleared.json()).toEqual({ role: "member", dateAdded: moved, dateExpires: null });
      expect((await viewContact(contact.id)).roles).toHaveLength(1);
    });

    it("lists expired and future roles but counts only current ones as active", async () => {
      const contact = await makeContact(t.database.db);
      await putRole(t, adminCookie, contact.id, "member", { dateAdded: at(t, -48), dateExpires: at(t, -1) });
      await putRole(t, adminCookie, contact.id, "admin", { dateAdded: at(t, 24) });
      const view = await viewContact(contact.id);
      expect(view.activeRoles).toEqual([]);
      expect(view.roles).toHaveLength(2);

      await putRole(t, adminCookie, contact.id, "member", { dateAdded: at(t, -48), dateExpires: at(t, 1) });
      expect((await viewContact(contact.id)).activeRoles).toEqual(["member"]);
      t.clock.advance(2 * HOUR);
      expect((await viewContact(contact.id)).activeRoles).toEqual([]);
    });

    it("lets the role holder feel the change on their next request", async () => {
      const contact = await makeContact(t.database.db);
      const cookie = await loginAs(t, contact.email);
      expect((await call(t.app, "GET", "/contact-tags", { cookie })).statusCode).toBe(403);
      await putRole(t, adminCookie, contact.id, "admin", { dateAdded: at(t, -1) });
      expect((await call(t.app, "GET", "/contact-tags", { cookie })).statusCode).toBe(200);
      expect((await call(t.app, "GET", "/contact/me", { cookie })).json().activeRoles).toEqual(["admin"]);
    });

    it("validates the contact id, the role and the body", async () => {
      const contact = await makeContact(t.database.db);
      const good = { dateAdded: at(t, -1) };
      const cases: [string, string, unknown, string][] = [
        ["me", "member", good, "id"],
        ["not-a-uuid", "member", good, "id"],
        [contact.id, "editor", good, "role"],
        [contact.id, "member", { dateAdded: at(t, 2), dateExpires: at(t, 1) }, "dateExpires"],
        [contact.id, "member", { dateAdded: at(t, 1), dateExpires: at(t, 1) }, "dateExpires"],
        [contact.id, "member", { dateAdded: at(t, -1), reason: "x" }, "reason"],
        [contact.id, "member", { dateExpires: at(t, 1) }, "dateAdded"],
        [contact.id, "member", { dateAdded: "yesterday" }, "dateAdded"],
        [contact.id, "member", { dateAdded: at(t, -1), dateExpires: 5 }, "dateExpires"],
      ];
      for (const [id, role, body, property] of cases) {
        const response = await putRole(t, adminCookie, id, role, body);
        const label = `${id} ${role} ${JSON.stringify(body)}`;
        expect(response.statusCode, label).toBe(400);
        expect(response.json().code, label).toBe("invalid-request");
        expect(
          response.json().errors.map((error: { property: string }) => error.property),
          label,
        ).toContain(property);
      }
      const order = await putRole(t, adminCookie, contact.id, "member", {
        dateAdded: at(t, 2),
        dateExpires: at(t, 1),
      });
      expect(order.json().errors[0].constraints).toEqual({ custom: "The expiry date must be after the start date" });
      expect((await viewContact(contact.id)).roles).toEqual([]);
    });

    it("refuses to move the start past an expiry it keeps", async () => {
      const contact = await makeContact(t.database.db);
      const original = { dateAdded: at(t, -2), dateExpires: at(t, 5) };
      await putRole(t, adminCookie, contact.id, "member", original);
      const response = await putRole(t, adminCookie, contact.id, "member", { dateAdded: at(t, 10) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "invalid-request",
        message: "The expiry date must be after the start date",
      });
      expect((await viewContact(contact.id)).roles).toEqual([{ role: "member", ...original }]);
    });

    it("answers 404 for an unknown contact", async () => {
      const response = await putRole(t, adminCookie, UNKNOWN_ID, "member", { dateAdded: at(t, -1) });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("not-found");
    });
  });

  describe("DELETE /contact/{id}/role/{role}", () => {
    it("removes the role outright", async () => {
      const contact = await makeContact(t.database.db, { roles: ["member"] });
      const response = await deleteRole(t, adminCookie, contact.id, "member");
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe("");
      const view = await viewContact(contact.id);
      expect(view.roles).toEqual([]);
      expect(view.activeRoles).toEqual([]);
      expect(await storedRole(t, contact.id, "member")).toBeUndefined();
    });

    it("answers 404 when the contact does not have the role, or does not exist", async () => {
      const contact = await makeContact(t.database.db, { roles: ["member"] });
      const missing = await deleteRole(t, adminCookie, contact.id, "admin");
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe("not-found");
      expect((await deleteRole(t, adminCookie, UNKNOWN_ID, "member")).statusCode).toBe(404);
      expect(await storedRole(t, contact.id, "member")).toBeDefined();
    });

    it("validates the contact id and the role", async () => {
      const contact = await makeContact(t.database.db, { roles: ["member"] });
      for (const [id, role] of [
        ["me", "member"],
        ["123", "member"],
        [contact.id, "owner"],
      ]) {
        const response = await deleteRole(t, adminCookie, id!, role!);
        expect(response.statusCode, `${id} ${role}`).toBe(400);
        expect(response.json().code).toBe("invalid-request");
      }
    });
  });

  describe("the superadmin role", () => {
    it("only a superadmin may grant it", async () => {
      const contact = await makeContact(t.database.db);
      const body = { dateAdded: at(t, -1) };
      const refused = await putRole(t, adminCookie, contact.id, "superadmin", body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe("forbidden");
      expect(await storedRole(t, contact.id, "superadmin")).toBeUndefined();

      const granted = await putRole(t, superadminCookie, contact.id, "superadmin", body);
      expect(granted.statusCode).toBe(200);
      expect((await viewContact(contact.id)).activeRoles).toEqual(["superadmin", "admin"]);
    });

    it("only a superadmin may revoke it", async () => {
      const contact = await makeContact(t.database.db, { roles: ["superadmin"] });
      const refused = await deleteRole(t, adminCookie, contact.id, "superadmin");
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe("forbidden");
      expect(await storedRole(t, contact.id, "superadmin")).toBeDefined();
      expect((await deleteRole(t, superadminCookie, contact.id, "superadmin")).statusCode).toBe(204);
    });

    it("an API key, which is never a superadmin, may not grant it", async () => {
      const creator = await makeContact(t.database.db, { roles: ["superadmin"] });
      const token = await createApiKey(t.ctx, creator.id, { description: "script" });
      const contact = await makeContact(t.database.db);
      const response = await call(t.app, "PUT", `/contact/${contact.id}/role/superadmin`, {
        headers: { authorization: `Bearer ${token}` },
        body: { dateAdded: at(t, -1) },
      });
      expect(response.statusCode).toBe(403);
      const member = await call(t.app, "PUT", `/contact/${contact.id}/role/member`, {
        headers: { authorization: `Bearer ${token}` },
        body: { dateAdded: at(t, -1) },
      });
      expect(member.statusCode).toBe(200);
    });
  });
});

describe("the last active admin", () => {
  let t: TestApp;
  let adminId: string;
  let adminCookie: string;

  const LAST_ADMIN = "This change would leave the site without an active admin";

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await makeContact(t.database.db, { roles: ["admin"] });
    adminId = admin.id;
    adminCookie = await loginAs(t, admin.email);
  });
  afterAll(() => t.close());

  const expectRefused = async (response: Awaited<ReturnType<typeof call>>) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("invalid-request");
    expect(response.json().message).toContain(LAST_ADMIN);
    const role = await storedRole(t, adminId, "admin");
    expect(role).toMatchObject({ dateExpires: null });
    expect(role!.dateAdded.getTime()).toBeLessThan(t.clock.now().getTime());
  };

  it("cannot lose their admin role", async () => {
    await expectRefused(await deleteRole(t, adminCookie, adminId, "admin"));
  });

  it("cannot be given an expiry in the past or a start in the future", async () => {
    await expectRefused(
      await putRole(t, adminCookie, adminId, "admin", { dateAdded: at(t, -5), dateExpires: at(t, -1) }),
    );
    await expectRefused(await putRole(t, adminCookie, adminId, "admin", { dateAdded: at(t, 1) }));
  });

  it("may still get a future expiry and other roles", async () => {
    const future = await putRole(t, adminCookie, adminId, "admin", { dateAdded: at(t, -5), dateExpires: at(t, 24) });
    expect(future.statusCode).toBe(200);
    expect(
      (await putRole(t, adminCookie, adminId, "admin", { dateAdded: at(t, -5), dateExpires: null })).statusCode,
    ).toBe(200);
    expect((await putRole(t, adminCookie, adminId, "member", { dateAdded: at(t, -1) })).statusCode).toBe(200);
    expect((await deleteRole(t, adminCookie, adminId, "member")).statusCode).toBe(204);
  });

  it("is not saved by an expired or future admin elsewhere", async () => {
    const expired = await makeContact(t.database.db);
    await putRole(t, adminCookie, expired.id, "admin", { dateAdded: at(t, -48), dateExpires: at(t, -24) });
    const future = await makeContact(t.database.db);
    await putRole(t, adminCookie, future.id, "admin", { dateAdded: at(t, 24) });
    await expectRefused(await deleteRole(t, adminCookie, adminId, "admin"));
  });

  it("counts a superadmin as an admin", async () => {
    const boss = await makeContact(t.database.db, { roles: ["superadmin", "admin"] });
    const bossCookie = await loginAs(t, boss.email);
    expect((await deleteRole(t, adminCookie, adminId, "admin")).statusCode).toBe(204);
    // The boss keeps superadmin, so dropping the plain admin role is fine...
    expect((await deleteRole(t, bossCookie, boss.id, "admin")).statusCode).toBe(204);
    // ...but not the last superadmin role on the site.
    const refused = await deleteRole(t, bossCookie, boss.id, "superadmin");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(LAST_ADMIN);
    expect((await call(t.app, "GET", "/contact/me", { cookie: bossCookie })).json().activeRoles).toEqual([
      "superadmin",
      "admin",
    ]);
    // Handing over first makes it possible.
    expect((await putRole(t, bossCookie, adminId, "admin", { dateAdded: at(t, -1) })).statusCode).toBe(200);
    expect((await deleteRole(t, bossCookie, boss.id, "superadmin")).statusCode).toBe(204);
  });

  it("holds while another admin is being removed at the same moment", async () => {
    const other = await makeContact(t.database.db, { roles: ["admin"] });
    const creator = await makeContact(t.database.db);
    const token = await createApiKey(t.ctx, creator.id, { description: "script" });
    let pending: Promise<LightMyRequestResponse> | undefined;
    await t.database.db.transaction(async (tx) => {
      // Another request takes the other admin's role and has not committed yet.
      await tx.delete(contactRoles).where(and(eq(contactRoles.contactId, other.id), eq(contactRoles.role, "admin")));
      pending = call(t.app, "DELETE", `/contact/${adminId}/role/admin`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await untilAnotherWaitsForALock(t.database, tx);
    });
    const response = await pending!;
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(LAST_ADMIN);
    expect(await storedRole(t, adminId, "admin")).toBeDefined();
  });
});
