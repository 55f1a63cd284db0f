import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_DATA_EMAIL_DOMAIN, SAMPLE_DATA_TAG, sampleDataSummarySchema } from "@cohort/common/setup";
import { contactTagAssignments, contactTags, contacts } from "../src/db/schema/index.js";
import { loginAs } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let memberCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] }));
  memberCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["member"] }));
});
afterAll(() => t.close());

const load = () => call(t.app, "POST", "/setup/sample-data", { cookie: adminCookie });
const sampleContacts = () =>
  t.database.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(like(contacts.email, `%@${SAMPLE_DATA_EMAIL_DOMAIN}`));

describe("POST /setup/sample-data", () => {
  it("loads the sample data once, even when asked twice at the same time", async () => {
    const [first, second] = await Promise.all([load(), load()]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const summary = sampleDataSummarySchema.parse(first.json());
    expect(summary).toMatchObject({ contacts: 60, tags: 5 });
    expect(summary.payments).toBeGreaterThan(0);
    expect(second.json()).toEqual(summary);
    expect(await sampleContacts()).toHaveLength(60);

    const again = await load();
    expect(again.json()).toEqual(summary);
    expect(await sampleContacts()).toHaveLength(60);
  });

  it("loads again after a removal that kept a tag the organisation uses, reusing that tag", async () => {
    const db = t.database.db;
    const [sampleTag] = await db.select().from(contactTags).where(eq(contactTags.name, SAMPLE_DATA_TAG));
    const own = await makeContact(db, { email: "own@reload.test" });
    await db.insert(contactTagAssignments).values({ contactId: own.id, tagId: sampleTag!.id });
    expect((await call(t.app, "DELETE", "/setup/sample-data", { cookie: adminCookie })).statusCode).toBe(200);
    expect(await sampleContacts()).toEqual([]);

    const reloaded = await load();
    expect(reloaded.statusCode, reloaded.body).toBe(200);
    expect(reloaded.json()).toMatchObject({ contacts: 60 });
    const carriers = await db
      .select({ contactId: contactTagAssignments.contactId })
      .from(contactTagAssignments)
      .where(eq(contactTagAssignments.tagId, sampleTag!.id));
    // The organisation's own contact and all sixty sample contacts carry the one tag.
    expect(carriers).toHaveLength(61);
  });

  it("is for admins only", async () => {
    for (const cookie of [memberCookie, undefined]) {
      expect((await call(t.app, "POST", "/setup/sample-data", { cookie })).statusCode).toBe(403);
    }
  });
});
