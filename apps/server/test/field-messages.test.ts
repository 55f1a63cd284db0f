import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;

const loginAs = async (email: string) =>
  sessionCookie(await call(t.app, "POST", "/auth/login", { body: { email, password: PASSWORD } }));

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeContact(t.database.db, { roles: ["admin"] });
  adminCookie = await loginAs(admin.email);
});
afterAll(() => t.close());

const SCHEMA_SUMMARY = "Invalid body, check 'errors' property for more info.";

describe("the telephone rule", () => {
  it("refuses a number that is not one when a contact is added, in the spec's error body", async () => {
    const response = await call(t.app, "POST", "/contact", {
      cookie: adminCookie,
      body: { email: "phone-bad@example.org", profile: { telephone: "call me maybe" } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      httpCode: 400,
      name: "BadRequestError",
      code: "invalid-request",
      message: SCHEMA_SUMMARY,
      errors: [
        {
          property: "profile.telephone",
          constraints: { custom: "Enter 5 to 15 digits, optionally starting with a plus sign" },
          children: [],
          key: "validation.phoneInvalid",
        },
      ],
    });
  });

  it("refuses too few digits when people edit their own profile, and takes international numbers", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const cookie = await loginAs(member.email);
    const refused = await call(t.app, "PATCH", "/contact/me", { cookie, body: { profile: { telephone: "+49 12" } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject([{ property: "profile.telephone", key: "validation.phoneInvalid" }]);
    for (const telephone of ["+44 (0)20 7946-0000", "030/1234567", ""]) {
      const saved = await call(t.app, "PATCH", "/contact/me", { cookie, body: { profile: { telephone } } });
      expect(saved.statusCode, telephone).toBe(200);
      expect(saved.json().profile.telephone).toBe(telephone);
    }
  });
});

describe("field errors", () => {
  it("name the message's key and values beside the English of the reference API", async () => {
    const response = await call(t.app, "POST", "/contact", {
      cookie: adminCookie,
      body: { email: "", firstname: "x".repeat(101) },
    });
    expect(response.statusCode).toBe(400);
    const errors = response.json().errors as { property: string }[];
    const byProperty = Object.fromEntries(errors.map((error) => [error.property, error]));
    expect(byProperty.email).toMatchObject({
      constraints: { too_small: "Email is required" },
      key: "validation.emailRequired",
    });
    expect(byProperty.firstname).toEqual({
      property: "firstname",
      constraints: { too_big: "Maximum length of 100 characters exceeded" },
      children: [],
      key: "validation.tooLong",
      params: { max: 100 },
    });
  });

  it("spell out a callout's slug rule in English, with the key the editor shows", async () => {
    const response = await call(t.app, "POST", "/callout", {
      cookie: adminCookie,
      body: { slug: "town hall", title: "Town hall" },
    });
    expect(response.statusCode).toBe(400);
    const errors = response.json().errors as { property: string }[];
    expect(errors.find((error) => error.property === "slug")).toMatchObject({
      constraints: { custom: "A slug holds letters, digits and - only, no spaces" },
      key: "adminCallouts.validation.slugCharacters",
    });
  });

  it("keep the wire text of a one-field refusal and add its key", async () => {
    const taken = await makeContact(t.database.db);
    const response = await call(t.app, "POST", "/contact", { cookie: adminCookie, body: { email: taken.email } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      httpCode: 400,
      name: "BadRequestError",
      code: "duplicate-email",
      message: "Email address already exists",
      errors: [
        {
          property: "email",
          constraints: { unique: "Email address already exists" },
          children: [],
          key: "errors.duplicateEmail",
        },
      ],
    });
  });
});
