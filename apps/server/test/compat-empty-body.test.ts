/**
 * HTTP clients often send `Content-Type: application/json` on a DELETE with
 * no body: that is a request without a body, not a malformed one
 * (decision 024). Other methods still need their body.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PREFIX, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@cohort/common/http";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeContact(t.database.db, { roles: ["admin"] });
  adminCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
  );
});
afterAll(() => t.close());

const emptyJson = (method: "DELETE" | "POST", path: string) =>
  t.app.inject({
    method,
    url: `${API_PREFIX}${path}`,
    headers: { cookie: adminCookie, "content-type": "application/json", [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
    payload: "",
  });

describe("empty JSON bodies", () => {
  it("DELETE accepts one on every route that takes no body", async () => {
    const member = await makeContact(t.database.db);
    const deleted = await emptyJson("DELETE", `/contact/${member.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);

    const key = await call(t.app, "POST", "/api-key", {
      cookie: adminCookie,
      body: { description: "Temp", currentPassword: PASSWORD },
    });
    const keyId = (key.json().token as string).slice(0, 16);
    expect((await emptyJson("DELETE", `/api-key/${keyId}`)).statusCode).toBe(204);

    const tag = await call(t.app, "POST", "/contact-tags", { cookie: adminCookie, body: { name: "Old" } });
    expect((await emptyJson("DELETE", `/contact-tags/${tag.json().id as string}`)).statusCode).toBe(204);
  });

  it("no DELETE route answers body-required", async () => {
    for (const route of t.app.routeAccess.filter((entry) => entry.method === "DELETE")) {
      const path = route.url.replace(/^\/api\/1\.0/, "").replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000");
      const response = await emptyJson("DELETE", path);
      expect(response.statusCode, `${route.url} ${response.body}`).toBeLessThan(500);
      if (response.statusCode >= 400) expect(response.json().code, route.url).not.toBe("body-required");
    }
  });

  it("other methods still need their body", async () => {
    const response = await emptyJson("POST", "/contact");
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("body-required");
  });
});
