/**
 * An API key sent without X-Contact-Id has an admin's rights (never a
 * superadmin's), including on the routes that take a contact id. Routes about
 * "me" still need a contact, and a key never manages a superadmin
 * (decisions 017 and 024).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeContact(t.database.db, { roles: ["superadmin"] });
  const cookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
  );
  const created = await call(t.app, "POST", "/api-key", {
    cookie,
    body: { description: "Migration script", currentPassword: PASSWORD },
  });
  token = created.json().token as string;
});
afterAll(() => t.close());

/** Calls like the reference client: bearer key, no requested-with header, no contact. */
const asKey = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) =>
  call(t.app, method, path, { headers: { authorization: `Bearer ${token}` }, withoutRequestedWith: true, body });

describe("an API key without X-Contact-Id", () => {
  it("updates and deletes a member by id", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const updated = await asKey("PATCH", `/contact/${member.id}`, { firstname: "Renamed" });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: member.id, firstname: "Renamed" });
    expect((await asKey("DELETE", `/contact/${member.id}`)).statusCode).toBe(204);
    expect((await asKey("GET", `/contact/${member.id}`)).statusCode).toBe(404);
  });

  it("reads, sets up and removes a member's 2FA", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const read = await asKey("GET", `/contact/${member.id}/mfa`);
    expect(read.statusCode, read.body).toBe(204);
    // A wrong code is refused on its merits, not for want of a contact.
    const setUp = await asKey("POST", `/contact/${member.id}/mfa`, {
      type: "totp",
      secret: "JBSWY3DPEHPK3PXP",
      token: "123456",
    });
    expect(setUp.json().code, setUp.body).toBe("invalid-token");
    const removed = await asKey("DELETE", `/contact/${member.id}/mfa`, { type: "totp" });
    expect([201, 404]).toContain(removed.statusCode);
  });

  it("lists every payment, with the contact, and reads one payment", async () => {
    const list = await asKey("GET", "/payment?with[]=contact");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toHaveProperty("items");
    const missing = await asKey("GET", "/payment/00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    const member = await makeContact(t.database.db, { roles: ["member"] });
    expect((await asKey("GET", `/contact/${member.id}/payment`)).statusCode).toBe(200);
  });

  it("reads a member's contribution and cancels it like an admin", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const info = await asKey("GET", `/contact/${member.id}/contribution`);
    expect(info.statusCode, info.body).toBe(200);
    const cancel = await asKey("POST", `/contact/${member.id}/contribution/cancel`);
    expect(cancel.json().code).not.toBe("not-authenticated");
  });

  it("still needs a contact for routes about me", async () => {
    for (const path of ["/contact/me/mfa", "/contact/me/payment", "/contact/me/contribution"]) {
      const response = await asKey("GET", path);
      expect(response.statusCode, path).toBe(401);
      expect(response.json().code).toBe("not-authenticated");
    }
    expect((await asKey("PATCH", "/contact/me", { firstname: "X" })).statusCode).toBe(401);
    expect((await asKey("DELETE", "/contact/me")).statusCode).toBe(401);
  });

  it("acts at admin rank: it cannot change, delete or reset a superadmin's 2FA", async () => {
    const boss = await makeContact(t.database.db, { roles: ["superadmin"] });
    expect((await asKey("PATCH", `/contact/${boss.id}`, { firstname: "Taken" })).statusCode).toBe(403);
    expect((await asKey("DELETE", `/contact/${boss.id}`)).statusCode).toBe(403);
    expect((await asKey("DELETE", `/contact/${boss.id}/mfa`, { type: "totp" })).statusCode).toBe(403);
    expect(
      (await asKey("POST", `/contact/${boss.id}/mfa`, { type: "totp", secret: "JBSWY3DPEHPK3PXP", token: "123456" }))
        .statusCode,
    ).toBe(403);
  });

  it("answers the README's examples: pagination, sorting and a filter", async () => {
    const page = await asKey("GET", "/contact/?limit=20&offset=0&sort=joined&order=DESC");
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ offset: 0 });
    const rules = JSON.stringify({
      condition: "AND",
      rules: [{ field: "joined", operator: "greater", value: ["2025-01-01"] }],
    });
    const filtered = await asKey("GET", `/contact?rules=${encodeURIComponent(rules)}`);
    expect(filtered.statusCode, filtered.body).toBe(200);
  });

  it("may still manage another admin, as an admin may", async () => {
    const colleague = await makeContact(t.database.db, { roles: ["admin"] });
    const response = await asKey("PATCH", `/contact/${colleague.id}`, { lastname: "Changed" });
    expect(response.statusCode, response.body).toBe(200);
  });
});
