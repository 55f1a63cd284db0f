import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generalContentSchema } from "@cohort/common/content";
import { SAMPLE_DATA_EMAIL_DOMAIN, SAMPLE_DATA_TAG, sampleDataSummarySchema } from "@cohort/common/setup";
import {
  contactProfiles,
  contactRoles,
  contactTagAssignments,
  contactTags,
  contacts,
  contributions,
  payments,
} from "../src/db/schema/index.js";
import { loadSampleData } from "../src/modules/setup/sample-data.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let memberCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const admin = await makeContact(db, { email: "admin@sample.test", roles: ["admin"] });
  const member = await makeContact(db, { email: "member@sample.test", roles: ["member"] });
  const login = async (email: string) =>
    sessionCookie(await call(t.app, "POST", "/auth/login", { body: { email, password: PASSWORD } }));
  adminCookie = await login(admin.email);
  memberCookie = await login(member.email);
});
afterAll(() => t.close());

/** Every row of the tables the loader writes to, to compare before and after. */
async function snapshot() {
  const db = t.database.db;
  const [allContacts, profiles, roles, allTags, assignments, allPayments, allContributions] = await Promise.all([
    db.select({ id: contacts.id }).from(contacts),
    db.select({ id: contactProfiles.contactId }).from(contactProfiles),
    db.select({ id: contactRoles.contactId, role: contactRoles.role }).from(contactRoles),
    db.select({ id: contactTags.id, name: contactTags.name }).from(contactTags),
    db.select().from(contactTagAssignments),
    db.select({ id: payments.id, contactId: payments.contactId }).from(payments),
    db.select({ id: contributions.contactId }).from(contributions),
  ]);
  const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
  return {
    contacts: sorted(allContacts),
    profiles: sorted(profiles),
    roles: sorted(roles),
    tags: sorted(allTags),
    assignments: sorted(assignments),
    payments: sorted(allPayments),
    contributions: sorted(allContributions),
  };
}

describe("sample data", () => {
  it("loads without renaming the organisation, and is removed without touching anything else", async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const generalBefore = await call(t.app, "GET", "/content/general");
    const nameBefore = generalContentSchema.parse(generalBefore.json()).organisationName;
    // The organisation's own contact, tag and payment.
    const reader = await makeContact(db, { email: "reader@hillside.test", roles: ["member"] });
    const donors = { id: randomUUID(), name: "Donors", description: "" };
    await db.insert(contactTags).values(donors);
    await db.insert(contactTagAssignments).values({ contactId: reader.id, tagId: donors.id });
    await db.insert(payments).values({
      id: randomUUID(),
      contactId: reader.id,
      provider: "test",
      providerPaymentId: `p-${randomUUID()}`,
      amount: 500,
      currency: "GBP",
      status: "successful",
      chargeDate: now,
      createdAt: now,
      updatedAt: now,
    });
    const before = await snapshot();

    await loadSampleData(t.ctx, 20);
    const general = await call(t.app, "GET", "/content/general");
    expect(general.json()).toMatchObject({ organisationName: nameBefore });

    const summary = await call(t.app, "GET", "/setup/sample-data", { cookie: adminCookie });
    expect(summary.statusCode, summary.body).toBe(200);
    const counts = sampleDataSummarySchema.parse(summary.json());
    expect(counts.contacts).toBe(20);
    expect(counts.payments).toBeGreaterThan(0);
    expect(counts.tags).toBe(5);

    const removed = await call(t.app, "DELETE", "/setup/sample-data", { cookie: adminCookie });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual(counts);

    expect(await snapshot()).toEqual(before);
    const leftovers = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(like(contacts.email, `%@${SAMPLE_DATA_EMAIL_DOMAIN}`));
    expect(leftovers).toEqual([]);
    expect(await db.select().from(payments).where(eq(payments.provider, "sample"))).toEqual([]);
    const after = await call(t.app, "GET", "/setup/sample-data", { cookie: adminCookie });
    expect(after.json()).toEqual({ contacts: 0, payments: 0, tags: 0, callouts: 0, responses: 0 });
  });

  it("never has a contact seen before they joined", async () => {
    const db = t.database.db;
    await loadSampleData(t.ctx);
    const sample = await db
      .select({ joined: contacts.joined, lastSeen: contacts.lastSeen })
      .from(contacts)
      .where(like(contacts.email, `%@${SAMPLE_DATA_EMAIL_DOMAIN}`));
    const removed = await call(t.app, "DELETE", "/setup/sample-data", { cookie: adminCookie });
    expect(removed.statusCode, removed.body).toBe(200);

    expect(sample.length).toBe(60);
    const seenEarly = sample.filter(({ joined, lastSeen }) => lastSeen && lastSeen < joined);
    expect(seenEarly).toEqual([]);
  });

  it("keeps a loader's tag that the organisation has put on its own contacts", async () => {
    const db = t.database.db;
    await loadSampleData(t.ctx, 5);
    const [sampleTag] = await db.select().from(contactTags).where(eq(contactTags.name, SAMPLE_DATA_TAG));
    const own = await makeContact(db, { email: "own@hillside.test" });
    await db.insert(contactTagAssignments).values({ contactId: own.id, tagId: sampleTag!.id });

    const removed = await call(t.app, "DELETE", "/setup/sample-data", { cookie: adminCookie });
    expect(removed.json()).toMatchObject({ contacts: 5, tags: 4 });
    const kept = await db.select().from(contactTagAssignments).where(eq(contactTagAssignments.contactId, own.id));
    expect(kept).toEqual([{ contactId: own.id, tagId: sampleTag!.id }]);
  });

  it("is for admins only", async () => {
    for (const cookie of [memberCookie, undefined]) {
      expect((await call(t.app, "GET", "/setup/sample-data", { cookie })).statusCode).toBe(403);
      expect((await call(t.app, "DELETE", "/setup/sample-data", { cookie })).statusCode).toBe(403);
    }
  });
});
