/**
 * Clients of the reference API send collection calls with a trailing slash
 * (`POST /contact/`, `GET /api-key/?limit=10`). Every route in the route
 * table answers the same with or without one (decision 024).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let keyHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeContact(t.database.db, { roles: ["admin"] });
  adminCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
  );
  const key = await call(t.app, "POST", "/api-key", {
    cookie: adminCookie,
    body: { description: "Route walk", currentPassword: PASSWORD },
  });
  keyHeaders = { authorization: `Bearer ${key.json().token as string}` };
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000");

describe("trailing slashes", () => {
  it("every API route, and the upload address, is found with and without one", async () => {
    const routes = t.app.routeAccess.filter((route) => route.url.startsWith("/api/1.0/"));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const method = route.method as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
      const path = concrete(route.url).replace(/^\/api\/1\.0/, "");
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      // An admin-level key: no session that a logout route could end halfway through the walk.
      const plain = await call(t.app, method, path, { headers: keyHeaders, body });
      const slashed = await call(t.app, method, `${path}/`, { headers: keyHeaders, body });
      const label = `${method} ${route.url}/`;
      if (slashed.statusCode === 404) expect(slashed.json().code, label).not.toBe("route-not-found");
      // Reads are safe to repeat: both forms answer alike.
      if (method === "GET") expect(slashed.statusCode, label).toBe(plain.statusCode);
    }
    const upload = await t.app.inject({ method: "POST", url: "/upload/?token=nope" });
    expect(upload.json().code).not.toBe("route-not-found");
  });

  it("GET /contact/ lists contacts instead of reading a contact with an empty id", async () => {
    const response = await call(t.app, "GET", "/contact/?limit=1", { cookie: adminCookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty("items");
  });

  it("collection calls of the reference client work with the slash", async () => {
    const created = await call(t.app, "POST", "/contact/", {
      cookie: adminCookie,
      body: { email: "slash@example.org", firstname: "Sla", lastname: "Sh" },
    });
    expect(created.statusCode).toBe(200);
    const keys = await call(t.app, "GET", "/api-key/?limit=10", { cookie: adminCookie });
    expect(keys.statusCode).toBe(200);
    expect((await call(t.app, "GET", "/payment/", { cookie: adminCookie })).statusCode).toBe(200);
  });
});
