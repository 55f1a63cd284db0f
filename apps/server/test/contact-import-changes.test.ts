import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFieldForColumn } from "@cohort/common/contacts";
import { contactProfiles, contacts } from "../src/db/schema/index.js";
import { loginAs } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let superadminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] }));
  superadminCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["superadmin"] }));
});
afterAll(() => t.close());

const importRows = (cookie: string, rows: Record<string, string>[], dryRun: boolean) =>
  call(t.app, "POST", "/contact/import", { cookie, body: { rows, dryRun } });

const firstnameOf = async (id: string) =>
  (await t.database.db.select().from(contacts).where(eq(contacts.id, id)))[0]?.firstname;

describe("a contact import", () => {
  it("skips and reports rows for contacts who outrank the importer, in the check and in the import", async () => {
    const superadmin = await makeContact(t.database.db, { firstname: "Sam", roles: ["superadmin"] });
    const otherAdmin = await makeContact(t.database.db, { firstname: "Ada", roles: ["admin"] });
    const rows = [
      { email: superadmin.email.toUpperCase(), firstname: "Renamed" },
      { email: otherAdmin.email, firstname: "Adaline" },
    ];
    for (const dryRun of [true, false]) {
      const response = await importRows(adminCookie, rows, dryRun);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ created: 0, updated: 1, skipped: 1 });
      expect(body.errors).toEqual([
        { row: 1, property: "email", message: "This contact has more rights than you and cannot be changed" },
      ]);
      expect(body.changes).toEqual([
        { row: 2, email: otherAdmin.email, fields: [{ field: "firstname", from: "Ada", to: "Adaline" }] },
      ]);
    }
    expect(await firstnameOf(superadmin.id)).toBe("Sam");
    expect(await firstnameOf(otherAdmin.id)).toBe("Adaline");
    // Someone with the same rights may.
    const bySuperadmin = await importRows(superadminCookie, [rows[0]!], false);
    expect(bySuperadmin.json()).toMatchObject({ updated: 1, skipped: 0, errors: [] });
    expect(await firstnameOf(superadmin.id)).toBe("Renamed");
  });

  it("lists, before anything is written, every field it changes on each existing contact, old and new", async () => {
    const member = await makeContact(t.database.db, { firstname: "Bea", lastname: "Kind", roles: ["member"] });
    await t.database.db
      .update(contactProfiles)
      .set({ telephone: "+44 20 7946 0000", notes: "Old note" })
      .where(eq(contactProfiles.contactId, member.id));
    const unchanged = await makeContact(t.database.db, { firstname: "Cy" });
    const rows: Record<string, string>[] = [
      { email: "new.person@import.test", firstname: "New" },
      {
        email: member.email,
        firstname: "Beatrix",
        lastname: "Kind",
        telephone: "+44 20 7946 0001",
        tags: "Donor; Volunteer",
        deliveryAddressLine1: "1 High St",
        deliveryAddressCity: "Leeds",
        deliveryAddressPostcode: "LS1 1AA",
        membershipStarts: "2025-01-01",
      },
      { email: unchanged.email, firstname: "Cy" },
    ];
    const check = await importRows(adminCookie, rows, true);
    expect(check.statusCode, check.body).toBe(200);
    const expected = [
      {
        row: 2,
        email: member.email,
        fields: [
          { field: "firstname", from: "Bea", to: "Beatrix" },
          { field: "telephone", from: "+44 20 7946 0000", to: "+44 20 7946 0001" },
          { field: "deliveryAddressLine1", from: "", to: "1 High St" },
          { field: "deliveryAddressCity", from: "", to: "Leeds" },
          { field: "deliveryAddressPostcode", from: "", to: "LS1 1AA" },
          { field: "tags", from: "", to: "Donor, Volunteer" },
          { field: "membershipStarts", from: expect.any(String), to: "2025-01-01T00:00:00.000Z" },
        ],
      },
      { row: 3, email: unchanged.email, fields: [] },
    ];
    expect(check.json()).toMatchObject({ created: 1, updated: 2, skipped: 0 });
    expect(check.json().changes).toEqual(expected);
    // The check wrote nothing.
    expect(await firstnameOf(member.id)).toBe("Bea");

    const done = await importRows(adminCookie, rows, false);
    expect(done.json().changes).toEqual(expected);
    expect(await firstnameOf(member.id)).toBe("Beatrix");
    // Imported again, nothing changes any more.
    const again = await importRows(adminCookie, rows, true);
    expect(again.json().changes.map((entry: { fields: unknown[] }) => entry.fields)).toEqual([[], [], []]);
  });

  it("reads a file exported by Cohort as it was exported, the formula guard taken off", async () => {
    const person = await makeContact(t.database.db, { firstname: '=HYPERLINK("http://x")', lastname: "@cmd" });
    await t.database.db
      .update(contactProfiles)
      .set({ telephone: "+44 20 7946 0958" })
      .where(eq(contactProfiles.contactId, person.id));
    const rules = { condition: "AND", rules: [{ field: "email", operator: "equal", value: [person.email] }] };
    const exported = await call(t.app, "GET", `/contact.csv?rules=${encodeURIComponent(JSON.stringify(rules))}`, {
      cookie: adminCookie,
    });
    const [record] = Papa.parse<Record<string, string>>(exported.body, { header: true, skipEmptyLines: true }).data;
    expect(record).toMatchObject({
      FirstName: `'=HYPERLINK("http://x")`,
      LastName: "'@cmd",
      Telephone: "'+44 20 7946 0958",
    });
    const row = Object.fromEntries(
      Object.entries(record!).flatMap(([column, value]) => {
        const field = importFieldForColumn[column as keyof typeof importFieldForColumn];
        return field ? [[field, value]] : [];
      }),
    );
    const check = await importRows(adminCookie, [row], true);
    expect(check.json()).toMatchObject({ updated: 1, skipped: 0, errors: [] });
    expect(check.json().changes).toEqual([{ row: 1, email: person.email, fields: [] }]);
  });
});
