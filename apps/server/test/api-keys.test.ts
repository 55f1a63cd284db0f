import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeContact(t.database.db, { roles: ["superadmin"] });
  adminId = admin.id;
  adminCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
  );
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createKey(body: Record<string, unknown> = { description: "CRM sync" }): Promise<string> {
  const response = await call(t.app, "POST", "/api-key", {
    cookie: adminCookie,
    body: { ...body, currentPassword: PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

describe("API keys", () => {
  it("issues a token of the form <16 hex>_<48 hex> and lists the key without its secret", async () => {
    const token = await createKey();
    expect(token).toMatch(/^[0-9a-f]{16}_[0-9a-f]{48}$/);
    const list = await call(t.app, "GET", "/api-key", { cookie: adminCookie });
    const item = list.json().items.find((key: { id: string }) => key.id === token.slice(0, 16));
    expect(item).toMatchObject({ description: "CRM sync", expires: null, creator: { id: adminId } });
    expect(list.body).not.toContain(token.slice(17));
  });

  it("authenticates a bearer as admin, without the requested-with header", async () => {
    const token = await createKey();
    const info = await call(t.app, "GET", "/auth/info", { headers: bearer(token) });
    expect(info.json()).toEqual({ method: "api-key", roles: ["admin"] });
    const write = await call(t.app, "PATCH", "/content/general", {
      headers: bearer(token),
      body: { organisationName: "Set by a script" },
      withoutRequestedWith: true,
    });
    expect(write.statusCode).toBe(200);
  });

  it("acts as a contact with X-Contact-Id, never as an admin or a superadmin", async () => {
    const token = await createKey();
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const asMember = await call(t.app, "GET", "/auth/info", {
      headers: { ...bearer(token), "x-contact-id": member.id },
    });
    expect(asMember.json()).toMatchObject({ method: "api-key", roles: ["member"], contact: { id: member.id } });
    const asSuperadmin = await call(t.app, "GET", "/auth/info", {
      headers: { ...bearer(token), "x-contact-id": adminId },
    });
    expect(asSuperadmin.statusCode).toBe(403);
  });

  it("treats bad, unknown, malformed and expired tokens as anonymous, even with a session cookie", async () => {
    const token = await createKey({ description: "short-lived", expires: new Date(Date.now() + 60_000).toISOString() });
    const forged = `${token.slice(0, 17)}${"0".repeat(48)}`;
    t.clock.advance(120_000);
    for (const candidate of [token, forged, "no-underscore", "abc_def"]) {
      const response = await call(t.app, "GET", "/api-key", { headers: bearer(candidate), cookie: adminCookie });
      expect(response.statusCode, candidate).toBe(403);
    }
  });

  it("a key cannot mint more keys", async () => {
    const token = await createKey();
    const response = await call(t.app, "POST", "/api-key", { headers: bearer(token), body: { description: "x" } });
    expect(response.statusCode).toBe(401);
  });

  it("validates the description and the expiry", async () => {
    const empty = await call(t.app, "POST", "/api-key", {
      cookie: adminCookie,
      body: { description: "", currentPassword: PASSWORD },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].property).toBe("description");
    const past = await call(t.app, "POST", "/api-key", {
      cookie: adminCookie,
      body: { description: "x", expires: "2001-01-01T00:00:00.000Z", currentPassword: PASSWORD },
    });
    expect(past.statusCode).toBe(400);
  });

  it("deletes a key, after which it stops working", async () => {
    const token = await createKey();
    const id = token.slice(0, 16);
    expect((await call(t.app, "DELETE", `/api-key/${id}`, { cookie: adminCookie })).statusCode).toBe(204);
    expect((await call(t.app, "DELETE", `/api-key/${id}`, { cookie: adminCookie })).statusCode).toBe(404);
    expect((await call(t.app, "GET", "/auth/info", { headers: bearer(token) })).json().method).toBe("none");
  });
});
