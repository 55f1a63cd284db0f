import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeContact(t.database.db, { email: "admin@batches.test", roles: ["admin"] });
  adminCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
  );
});
afterAll(() => t.close());

const people = (count: number, from = 0, firstname = "First") =>
  Array.from({ length: count }, (_, index) => ({
    email: `person${from + index}@batches.test`,
    firstname,
    tags: index % 2 ? "Readers;Donors" : "Readers",
  }));

const importRows = (rows: Record<string, string>[]) =>
  call(t.app, "POST", "/contact/import", { cookie: adminCookie, body: { rows } });

describe("importing a large file batch by batch", () => {
  it("creates the rows of each batch and counts a tag as new only in the batch that adds it", async () => {
    const first = await importRows(people(3, 0));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ created: 3, updated: 0, skipped: 0, tagsCreated: 2 });
    const second = await importRows(people(3, 3));
    expect(second.json()).toMatchObject({ created: 3, updated: 0, skipped: 0, tagsCreated: 0 });
  });

  // How long a batch takes is measured by `npm run bench:contacts`, not here.
  it("updates, batch after batch, a thousand contacts found by email", async () => {
    // Contacts whose emails share most of their letters, as a real list's do.
    for (let from = 0; from < 2_000; from += 1_000) {
      const created = await importRows(people(1_000, 10_000 + from));
      expect(created.json()).toMatchObject({ created: 1_000, updated: 0 });
    }
    const updated = await importRows(people(1_000, 10_000, "Changed"));
    expect(updated.json()).toMatchObject({ created: 0, updated: 1_000, skipped: 0 });

    const rules = { condition: "AND", rules: [{ field: "firstname", operator: "equal", value: ["Changed"] }] };
    const list = await call(t.app, "GET", `/contact?limit=1&rules=${encodeURIComponent(JSON.stringify(rules))}`, {
      cookie: adminCookie,
    });
    expect(list.json().total).toBe(1_000);
  }, 120_000);
});
