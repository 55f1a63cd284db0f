import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeContact(t.database.db, { email: "admin@import.test", roles: ["admin"] });
  adminCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
  );
});
afterAll(() => t.close());

const importRows = (rows: Record<string, string>[], dryRun = false) =>
  call(t.app, "POST", "/contact/import", { cookie: adminCookie, body: { rows, dryRun } });

const getByEmail = async (email: string) => {
  const rules = { condition: "AND", rules: [{ field: "email", operator: "equal", value: [email] }] };
  const response = await call(
    t.app,
    "GET",
    `/contact?with=profile&with=tags&with=roles&rules=${encodeURIComponent(JSON.stringify(rules))}`,
    {
      cookie: adminCookie,
    },
  );
  return response.json().items[0];
};

describe("POST /contact/import", () => {
  it("previews without changing anything, with per-row errors", async () => {
    const response = await importRows(
      [
        { email: "preview@import.test", firstname: "Pre", tags: "Readers" },
        { email: "not an email" },
        { email: "preview@import.test" },
        { email: "address@import.test", deliveryAddressLine1: "1 Main St" },
        { email: "dates@import.test", membershipStarts: "2026-02-01", membershipExpires: "2026-01-01" },
      ],
      true,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ created: 1, updated: 0, skipped: 4, tagsCreated: 1 });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { row: 2, property: "email", message: "Invalid email address" },
        { row: 3, property: "email", message: "The same email is already in row 1" },
        { row: 4, property: "deliveryAddressCity", message: "City/Town is required" },
        { row: 5, property: "membershipExpires", message: "The expiry date must be after the start date" },
      ]),
    );
    expect(await getByEmail("preview@import.test")).toBeUndefined();
  });

  it("creates new contacts and updates existing ones without duplicating them", async () => {
    const existing = await makeContact(t.database.db, {
      email: "known@import.test",
      firstname: "Known",
      lastname: "Person",
    });
    const response = await importRows([
      {
        email: "New.Person@Import.test",
        firstname: "New",
        lastname: "Person",
        newsletterStatus: "Subscribed",
        newsletterGroups: "weekly; events",
        deliveryOptIn: "yes",
        deliveryAddressLine1: "2 Harbour Rd",
        deliveryAddressCity: "Whitby",
        deliveryAddressPostcode: "YO21 1AA",
        tags: "Volunteer;Readers",
        membershipStarts: "2026-01-01T00:00:00Z",
        notes: "Imported",
      },
      { email: "KNOWN@import.test", lastname: "Renamed", firstname: "", tags: "readers" },
    ]);
    expect(response.json()).toMatchObject({ created: 1, updated: 1, skipped: 0, tagsCreated: 2, errors: [] });

    const created = await getByEmail("new.person@import.test");
    expect(created).toMatchObject({
      firstname: "New",
      activeRoles: ["member"],
      profile: {
        newsletterStatus: "subscribed",
        newsletterGroups: ["weekly", "events"],
        deliveryOptIn: true,
        deliveryAddress: { line1: "2 Harbour Rd", line2: "", city: "Whitby", postcode: "YO21 1AA" },
        notes: "Imported",
      },
    });
    expect(created.tags.map((tag: { name: string }) => tag.name)).toEqual(["Readers", "Volunteer"]);

    const updated = await getByEmail("known@import.test");
    expect(updated).toMatchObject({ id: existing.id, firstname: "Known", lastname: "Renamed" });
    expect(updated.tags.map((tag: { name: string }) => tag.name)).toEqual(["Readers"]);
  });

  it("refuses unknown fields and empty imports", async () => {
    expect((await importRows([{ email: "a@b.test", password: "x" }])).statusCode).toBe(400);
    expect((await importRows([])).statusCode).toBe(400);
  });
});
