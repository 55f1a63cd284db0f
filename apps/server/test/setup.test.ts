import { count, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_DATA_EMAIL_DOMAIN } from "@cohort/common/setup";
import { contacts } from "../src/db/schema/index.js";
import { issueSetupToken } from "../src/modules/setup/service.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const admin = { firstname: "Ada", lastname: "Editor", email: "ada@example.org", password: "A-long-passw0rd" };

describe("first-run setup", () => {
  it("is required while there is no admin", async () => {
    expect((await call(t.app, "GET", "/setup")).json()).toEqual({ required: true });
  });

  it("refuses a wrong token and a weak password", async () => {
    await issueSetupToken(t.ctx);
    const wrongToken = await call(t.app, "POST", "/setup", { body: { ...admin, token: "guess" } });
    expect(wrongToken.statusCode).toBe(403);
    expect(wrongToken.json().code).toBe("invalid-setup-token");

    const token = await issueSetupToken(t.ctx);
    const weak = await call(t.app, "POST", "/setup", { body: { ...admin, token, password: "short" } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].property).toBe("password");
  });

  it("creates the first admin, logs them in, and loads marked sample data", async () => {
    const token = await issueSetupToken(t.ctx);
    const response = await call(t.app, "POST", "/setup", { body: { ...admin, token, sampleData: true } });
    expect(response.statusCode).toBe(204);
    const me = await call(t.app, "GET", "/contact/me?with=roles", { cookie: sessionCookie(response) });
    expect(me.json()).toMatchObject({ email: admin.email, activeRoles: ["superadmin", "admin"] });

    const [sample] = await t.database.db
      .select({ n: count() })
      .from(contacts)
      .where(like(contacts.email, `%@${SAMPLE_DATA_EMAIL_DOMAIN}`));
    expect(sample?.n).toBe(60);
    const general = await call(t.app, "GET", "/content/general");
    // The organisation keeps its own name: the sample data does not rename it.
    expect(general.json().organisationName).not.toContain("sample");
  });

  it("refuses everything once an admin exists, even with a fresh token", async () => {
    expect((await call(t.app, "GET", "/setup")).json()).toEqual({ required: false });
    const token = await issueSetupToken(t.ctx);
    const response = await call(t.app, "POST", "/setup", {
      body: { ...admin, email: "second@example.org", token },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("setup-complete");
  });
});
