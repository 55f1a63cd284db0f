import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts } from "../src/db/schema/index.js";
import { createApiKey } from "../src/modules/api-keys/service.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function loginAs(roles: ("member" | "admin" | "superadmin")[]): Promise<{ id: string; cookie: string }> {
  const contact = await makeContact(t.database.db, { roles });
  const login = await call(t.app, "POST", "/auth/login", { body: { email: contact.email, password: PASSWORD } });
  return { id: contact.id, cookie: sessionCookie(login) };
}

const emailEndsWith = (suffix: string) => ({
  condition: "AND",
  rules: [{ field: "email", operator: "ends_with", value: [suffix] }],
});

async function remaining(ids: string[]): Promise<string[]> {
  const rows = await t.database.db.select({ id: contacts.id }).from(contacts).where(inArray(contacts.id, ids));
  return rows.map((row) => row.id).sort();
}

describe("DELETE /contact (bulk)", () => {
  it("deletes exactly the contacts the rules match", async () => {
    const admin = await loginAs(["admin"]);
    const mark = randomUUID().slice(0, 8);
    const doomed = await Promise.all(
      ["a", "b"].map((name) => makeContact(t.database.db, { email: `${name}@${mark}.gone.example.org` })),
    );
    const kept = await makeContact(t.database.db, { email: `c@${mark}.kept.example.org` });
    const response = await call(t.app, "DELETE", "/contact", {
      cookie: admin.cookie,
      body: { rules: emailEndsWith(`@${mark}.gone.example.org`) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: 2, skipped: 0 });
    expect(await remaining([...doomed.map((c) => c.id), kept.id])).toEqual([kept.id]);
  });

  it("keeps the caller and anyone who outranks them, and says how many were skipped", async () => {
    const mark = randomUUID().slice(0, 8);
    const admin = await makeContact(t.database.db, { roles: ["admin"], email: `admin@${mark}.example.org` });
    const cookie = sessionCookie(
      await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
    );
    const superadmin = await makeContact(t.database.db, { roles: ["superadmin"], email: `super@${mark}.example.org` });
    const peer = await makeContact(t.database.db, { roles: ["admin"], email: `peer@${mark}.example.org` });
    const member = await makeContact(t.database.db, { roles: ["member"], email: `member@${mark}.example.org` });
    const response = await call(t.app, "DELETE", "/contact", {
      cookie,
      body: { rules: emailEndsWith(`@${mark}.example.org`) },
    });
    expect(response.json()).toEqual({ deleted: 2, skipped: 2 });
    expect(await remaining([admin.id, superadmin.id, peer.id, member.id])).toEqual([admin.id, superadmin.id].sort());
  });

  it("refuses members and guests", async () => {
    const mark = randomUUID().slice(0, 8);
    const target = await makeContact(t.database.db, { email: `t@${mark}.example.org` });
    const member = await loginAs(["member"]);
    const body = { rules: emailEndsWith(`@${mark}.example.org`) };
    const asMember = await call(t.app, "DELETE", "/contact", { cookie: member.cookie, body });
    expect(asMember.statusCode).toBe(403);
    const asGuest = await call(t.app, "DELETE", "/contact", { body });
    expect([401, 403]).toContain(asGuest.statusCode);
    expect(await remaining([target.id])).toEqual([target.id]);
  });
});

describe("DELETE /contact (last admin)", () => {
  it("deletes nothing when it would remove the last admin", async () => {
    const own = await createTestApp();
    try {
      // The only admin; a key (admin-level, no contact) may otherwise delete admins.
      const admin = await makeContact(own.database.db, { roles: ["admin"] });
      const token = await createApiKey(own.ctx, admin.id, { description: "cleanup script" });
      const member = await makeContact(own.database.db, { roles: ["member"] });
      const response = await call(own.app, "DELETE", "/contact", {
        headers: { authorization: `Bearer ${token}` },
        body: { rules: { condition: "AND", rules: [] } },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/only admin/);
      const left = await own.database.db.select({ id: contacts.id }).from(contacts);
      expect(left.map((row) => row.id).sort()).toEqual([admin.id, member.id].sort());
    } finally {
      await own.close();
    }
  });
});
