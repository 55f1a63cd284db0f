import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generalContentSchema } from "@cohort/common/content";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp({ CURRENCY_CODE: "EUR" });
  const admin = await makeContact(t.database.db, { roles: ["admin"] });
  adminCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
  );
});
afterAll(() => t.close());

describe("GET /content/general", () => {
  it("has sensible defaults on a new install, for anyone", async () => {
    const response = await call(t.app, "GET", "/content/general");
    expect(response.statusCode).toBe(200);
    const general = generalContentSchema.parse(response.json());
    expect(general).toMatchObject({
      organisationName: "Cohort",
      locale: "en",
      currencyCode: "EUR",
      currencySymbol: "€",
      backgroundUrl: "",
      hideContribution: false,
      footerLinks: [],
    });
  });

  it("keeps what an admin changes, and only valid values", async () => {
    const update = await call(t.app, "PATCH", "/content/general", {
      cookie: adminCookie,
      body: { organisationName: "Harbour Post", locale: "de@informal", theme: { colors: { primary: "#112233" } } },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ organisationName: "Harbour Post", locale: "de@informal" });
    expect((await call(t.app, "GET", "/content/general")).json().theme.colors.primary).toBe("#112233");

    const bad = await call(t.app, "PATCH", "/content/general", {
      cookie: adminCookie,
      body: { locale: "xx", currencyCode: "USD", theme: { colors: { primary: "red" } } },
    });
    expect(bad.statusCode).toBe(400);
    const properties = bad.json().errors.map((error: { property: string }) => error.property);
    expect(properties).toEqual(expect.arrayContaining(["locale", "currencyCode", "theme.colors.primary"]));
  });
});
