/**
 * The reference accepts a template saved with an empty subject and text;
 * so does Cohort (the editor warns). Other checks stay (decision 024).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

describe("email templates with empty wording", () => {
  it("PUT accepts an empty subject and body and GET answers them", async () => {
    const saved = await call(t.app, "PUT", "/email/welcome", { cookie: adminCookie, body: { subject: "", body: "" } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: "welcome", subject: "", body: "", isDefault: false });
    const read = await call(t.app, "GET", "/email/welcome", { cookie: adminCookie });
    expect(read.json()).toMatchObject({ subject: "", body: "", isDefault: false });
  });

  it("still refuses a subject on two lines and unknown merge fields", async () => {
    const twoLines = await call(t.app, "PUT", "/email/welcome", {
      cookie: adminCookie,
      body: { subject: "a\nb", body: "" },
    });
    expect(twoLines.statusCode).toBe(400);
    const unknown = await call(t.app, "PUT", "/email/welcome", {
      cookie: adminCookie,
      body: { subject: "", body: "*|NOPE|*" },
    });
    expect(unknown.statusCode).toBe(400);
  });
});
