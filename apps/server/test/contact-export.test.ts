import { randomUUID } from "node:crypto";
import { stringify } from "csv-stringify/sync";
import { eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { contactCsvColumns } from "@cohort/common/contacts";
import { postgresPool } from "../src/db/client.js";
import {
  contactProfiles,
  contactRoles,
  contactTagAssignments,
  contactTags,
  contacts,
  contributions,
} from "../src/db/schema/index.js";
import {
  readExportRowsByCursor,
  readExportRowsInBatches,
  type ExportRow,
} from "../src/modules/contacts/export/queries.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ CURRENCY_CODE: "EUR" });
  const admin = await makeContact(t.database.db, { email: "admin@export.test", roles: ["admin"] });
  adminCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
  );
});
afterAll(() => t.close());

const parse = (body: string) => Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: true });
const exportMatching = (rules: unknown) =>
  call(t.app, "GET", `/contact.csv?rules=${encodeURIComponent(JSON.stringify(rules))}`, { cookie: adminCookie });

describe("GET /contact.csv", () => {
  it("writes the reference columns with exact amounts, tags and membership", async () => {
    const db = t.database.db;
    const contact = await makeContact(db, { email: "ines@export.test", firstname: "Inès", lastname: "O'Neil, Jr." });
    const tagIds = [randomUUID(), randomUUID()];
    await db.insert(contactTags).values([
      { id: tagIds[0]!, name: "Donor" },
      { id: tagIds[1]!, name: "Volunteer" },
    ]);
    await db.insert(contactTagAssignments).values(tagIds.map((tagId) => ({ contactId: contact.id, tagId })));
    await db
      .update(contacts)
      .set({ contributionType: "Automatic", contributionAmount: 6000, contributionPeriod: "annually" })
      .where(eq(contacts.id, contact.id));
    await db
      .update(contactProfiles)
      .set({
        newsletterStatus: "subscribed",
        deliveryOptIn: true,
        deliveryAddress: { line1: "1 Rue", line2: "", city: "Lyon", postcode: "69001" },
      })
      .where(eq(contactProfiles.contactId, contact.id));
    await db
      .update(contributions)
      .set({ cancelledAt: new Date("2026-01-02T03:04:05.000Z") })
      .where(eq(contributions.contactId, contact.id));
    await db.insert(contactRoles).values({
      contactId: contact.id,
      role: "member",
      dateAdded: new Date("2025-01-01T00:00:00.000Z"),
      dateExpires: new Date(Date.now() + 30 * 86_400_000),
    });

    const response = await call(t.app, "GET", "/contact.csv", { cookie: adminCookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="contacts-.*\.csv"/);
    const { data, meta } = parse(response.body);
    expect(meta.fields).toEqual([...contactCsvColumns]);
    const row = data.find((entry) => entry.EmailAddress === "ines@export.test");
    expect(row).toMatchObject({
      FirstName: "Inès",
      LastName: "O'Neil, Jr.",
      Tags: "Donor;Volunteer",
      ContributionType: "Automatic",
      ContributionMonthlyAmount: "5.00",
      ContributionPeriod: "annually",
      ContributionDescription: "€60.00/year",
      ContributionCancelled: "2026-01-02T03:04:05.000Z",
      MembershipStarts: "2025-01-01T00:00:00.000Z",
      MembershipStatus: "expiring",
      NewsletterStatus: "subscribed",
      DeliveryOptIn: "true",
      DeliveryAddressCity: "Lyon",
    });
  });

  it("exports only what the rules match, across many batches, in join order", async () => {
    const db = t.database.db;
    const start = Date.now() - 10_000_000;
    const rows = Array.from({ length: 2345 }, (_, index) => ({
      id: randomUUID(),
      email: `bulk${String(index).padStart(5, "0")}@many.test`,
      joined: new Date(start + Math.floor(index / 3) * 1000),
    }));
    for (let offset = 0; offset < rows.length; offset += 500) {
      const chunk = rows.slice(offset, offset + 500);
      await db.insert(contacts).values(chunk);
      await db.insert(contactProfiles).values(chunk.map((row) => ({ contactId: row.id })));
    }
    // Dates from elsewhere can carry microseconds, finer than JavaScript's; no row may repeat or go missing.
    await db.execute(
      sql`UPDATE contacts SET joined = joined + (random() * 900)::int * interval '1 microsecond' WHERE email LIKE '%@many.test'`,
    );
    const rules = { condition: "AND", rules: [{ field: "email", operator: "ends_with", value: ["@many.test"] }] };
    const response = await call(t.app, "GET", `/contact.csv?rules=${encodeURIComponent(JSON.stringify(rules))}`, {
      cookie: adminCookie,
    });
    const { data } = parse(response.body);
    expect(data).toHaveLength(2345);
    expect(new Set(data.map((row) => row.Id)).size).toBe(2345);
    const joined = data.map((row) => row.Joined!);
    expect([...joined].sort()).toEqual(joined);
  });

  it("refuses members and bad rules", async () => {
    const member = await makeContact(t.database.db);
    const cookie = sessionCookie(
      await call(t.app, "POST", "/auth/login", { body: { email: member.email, password: PASSWORD } }),
    );
    expect((await call(t.app, "GET", "/contact.csv", { cookie })).statusCode).toBe(403);
    const bad = { condition: "AND", rules: [{ field: "secret", operator: "equal", value: ["x"] }] };
    const response = await call(t.app, "GET", `/contact.csv?rules=${encodeURIComponent(JSON.stringify(bad))}`, {
      cookie: adminCookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("invalid-rule");
  });
});

describe("CSV text", () => {
  it("quotes and escapes cells exactly as csv-stringify does, a formula defused", async () => {
    const db = t.database.db;
    const contact = await makeContact(db, {
      email: "quotes@export.test",
      firstname: 'Ann "Nan"',
      lastname: "Smith,\nJr.",
    });
    await db
      .update(contactProfiles)
      .set({
        telephone: '"',
        newsletterGroups: ["News, weekly", "Events"],
        deliveryAddress: { line1: "Flat 2\r\nBlock B", line2: "Unit\r9", city: "=SUM(A1)", postcode: " 12 " },
      })
      .where(eq(contactProfiles.contactId, contact.id));

    const response = await exportMatching({
      condition: "AND",
      rules: [{ field: "email", operator: "equal", value: ["quotes@export.test"] }],
    });
    expect(response.body).toContain(`,"Ann ""Nan""","Smith,\nJr.",`);
    expect(response.body).toContain(
      `,"News, weekly;Events",false,"Flat 2\r\nBlock B","Unit\r9",'=SUM(A1), 12 ,"""",,,,\n`,
    );
    const { data } = Papa.parse<string[]>(response.body, { newline: "\n", skipEmptyLines: true });
    expect(data).toHaveLength(2);
    expect(response.body).toBe(stringify(data));
  });

  it("writes only the header when nothing matches", async () => {
    const response = await exportMatching({
      condition: "AND",
      rules: [{ field: "email", operator: "equal", value: ["nobody@nowhere.test"] }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`${contactCsvColumns.join(",")}\n`);
  });
});

describe.runIf(inject("database").kind === "postgres")("the export cursor on PostgreSQL", () => {
  const matching = sql`${contacts.email} LIKE '%@cursor.test'`;
  const poolOf = () => postgresPool(t.database.db)!;
  const inUse = () => poolOf().totalCount - poolOf().idleCount;

  beforeAll(async () => {
    const db = t.database.db;
    const tagIds = [randomUUID(), randomUUID()];
    await db.insert(contactTags).values([
      { id: tagIds[0]!, name: "Cursor B" },
      { id: tagIds[1]!, name: "Cursor A" },
    ]);
    const start = Date.now() - 5_000_000;
    const rows = Array.from({ length: 450 }, (_, index) => ({
      id: randomUUID(),
      email: `c${index}@cursor.test`,
      // Several contacts share each join time, so the id decides their order.
      joined: new Date(start + Math.floor(index / 4) * 1000),
    }));
    await db.insert(contacts).values(rows);
    await db.insert(contactProfiles).values(rows.map((row) => ({ contactId: row.id })));
    await db
      .insert(contributions)
      .values(rows.filter((_, index) => index % 3 === 0).map((row) => ({ contactId: row.id })));
    await db
      .insert(contactTagAssignments)
      .values(rows.flatMap((row, index) => tagIds.slice(0, index % 3).map((tagId) => ({ contactId: row.id, tagId }))));
  });

  it("gives the same rows in the same order as the batches", async () => {
    const db = t.database.db;
    const streamed: ExportRow[] = [];
    for await (const batch of readExportRowsByCursor(db, poolOf(), matching, 100)) streamed.push(...batch);
    const batched: ExportRow[] = [];
    for await (const batch of readExportRowsInBatches(db, matching, 100)) batched.push(...batch);
    expect(streamed).toHaveLength(450);
    expect(streamed).toEqual(batched);
    expect(new Set(streamed.map((row) => row.tagNames))).toEqual(new Set([null, "Cursor B", "Cursor A;Cursor B"]));
    expect(inUse()).toBe(0);
  });

  it("gives its connection back, idle and reusable, when the reader stops early", async () => {
    const totalBefore = poolOf().totalCount;
    const rows = readExportRowsByCursor(t.database.db, poolOf(), matching, 100);
    expect((await rows.next()).value).toHaveLength(100);
    expect(inUse()).toBe(1);
    await rows.return(undefined);
    expect(inUse()).toBe(0);
    expect(poolOf().totalCount).toBe(Math.max(totalBefore, 1));
    // No connection is left inside the cursor's transaction.
    const { rows: open } = await poolOf().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state <> 'active'" +
        " AND (state LIKE 'idle in transaction%' OR backend_xmin IS NOT NULL)",
    );
    expect(open[0]?.n).toBe(0);
  });

  it("fails, and drops its connection, when the query fails", async () => {
    const totalBefore = poolOf().totalCount;
    const failing = readExportRowsByCursor(
      t.database.db,
      poolOf(),
      sql`${matching} AND 1 / (length(${contacts.email}) - 16) > 0`,
      100,
    );
    await expect(failing.next()).rejects.toThrow(/division by zero/);
    expect(inUse()).toBe(0);
    expect(poolOf().totalCount).toBe(totalBefore - 1);
  });
});
