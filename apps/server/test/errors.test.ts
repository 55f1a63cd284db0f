import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "@cohort/common/errors";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
const webDir = mkdtempSync(path.join(os.tmpdir(), "cohort-web-"));
writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Cohort</title><div id=root></div>");

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: webDir, REVISION: "abc123" });
});
afterAll(() => t.close());

describe("error responses", () => {
  it("malformed JSON is a 400 with a code, not a 500", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/1.0/auth/login",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
      payload: '{"email": "a@example.org", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).code).toBe("invalid-json");
  });

  it("a missing body where one is needed is a 400", async () => {
    const response = await call(t.app, "POST", "/auth/login");
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("invalid-request");
  });

  it("unknown API paths get a JSON 404", async () => {
    const response = await call(t.app, "GET", "/no-such-thing");
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json())).toMatchObject({ code: "route-not-found", httpCode: 404 });
  });

  it("unknown page paths get the web app", async () => {
    const response = await t.app.inject({ method: "GET", url: "/profile/anything?x=1" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("<div id=root>");
  });

  it("a page path with a dot in its last part gets the web app", async () => {
    const response = await t.app.inject({ method: "GET", url: "/callouts/town.hall" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
  });

  it("missing static files are a 404, not the app", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/missing-file.js" });
    expect(response.statusCode).toBe(404);
  });

  it("every response carries the version header", async () => {
    for (const url of ["/api/1.0/health", "/api/1.0/nothing", "/"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.headers["x-cohort-version"], url).toBe("0.1.0 / abc123");
    }
  });

  it("the health endpoint checks the database", async () => {
    const response = await call(t.app, "GET", "/health");
    expect(response.json()).toMatchObject({ status: "ok", database: "ok" });
  });

  it("invalid path ids are a 400, never a database error", async () => {
    const admin = await makeContact(t.database.db, { roles: ["admin"] });
    const cookie = sessionCookie(
      await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
    );
    const response = await call(t.app, "GET", "/contact/' OR 1=1 --", { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/stack|at \w+ \(/);
  });
});
