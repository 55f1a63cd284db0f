import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let memberCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const member = await makeContact(t.database.db, { roles: ["member"] });
  const admin = await makeContact(t.database.db, { roles: ["admin"] });
  memberCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: member.email, password: PASSWORD } }),
  );
  adminCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
  );
});
afterAll(() => t.close());

/** Fills path parameters with a syntactically valid id. */
const concrete = (url: string) => url.replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000");

describe("access levels", () => {
  it("every API route declares one", () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(5);
    for (const route of t.app.routeAccess) {
      expect(["public", "user", "contact", "admin", "superadmin"]).toContain(route.access);
    }
  });

  it("admin routes refuse guests and members, before looking at the request", async () => {
    const adminRoutes = t.app.routeAccess.filter((route) => route.access === "admin" || route.access === "superadmin");
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const method = route.method as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
      const path = concrete(route.url).replace(/^\/api\/1\.0/, "");
      for (const cookie of [undefined, memberCookie]) {
        const response = await call(t.app, method, path, { cookie, body: method === "GET" ? undefined : {} });
        expect(response.statusCode, `${method} ${route.url} as ${cookie ? "member" : "guest"}`).toBe(403);
        expect(response.json().code).toBe("forbidden");
      }
    }
  });

  it("logged-in routes refuse guests with 401", async () => {
    const userRoutes = t.app.routeAccess.filter((route) => route.access === "user" || route.access === "contact");
    expect(userRoutes.length).toBeGreaterThan(0);
    for (const route of userRoutes) {
      const path = concrete(route.url).replace(/^\/api\/1\.0/, "");
      const method = route.method as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
      const response = await call(t.app, method, path, { body: method === "GET" ? undefined : {} });
      expect(response.statusCode, `${method} ${route.url}`).toBe(401);
    }
  });

  it("an admin gets through", async () => {
    const response = await call(t.app, "GET", "/api-key", { cookie: adminCookie });
    expect(response.statusCode).toBe(200);
  });

  it("a member may read themselves but not another contact", async () => {
    const other = await makeContact(t.database.db);
    expect((await call(t.app, "GET", "/contact/me", { cookie: memberCookie })).statusCode).toBe(200);
    const response = await call(t.app, "GET", `/contact/${other.id}`, { cookie: memberCookie });
    expect(response.statusCode).toBe(401);
    const asAdmin = await call(t.app, "GET", `/contact/${other.id}`, { cookie: adminCookie });
    expect(asAdmin.json()).toMatchObject({ id: other.id });
  });
});
