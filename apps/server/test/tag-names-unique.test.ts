import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  calloutResponseTags,
  calloutTags,
  contactTagAssignments,
  contactTags,
  segments,
} from "../src/db/schema/index.js";
import { makeCallout } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { makeInboxFixture, type InboxFixture } from "./helpers/inbox-fixture.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let f: InboxFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await makeInboxFixture(t);
});
afterAll(() => t.close());

const createTag = (calloutId: string, name: string) =>
  call(t.app, "POST", `/callout/${calloutId}/tags`, { cookie: f.admin.cookie, body: { name, description: "" } });

function expectDuplicate(response: { statusCode: number; json: () => { code: string } }) {
  expect(response.statusCode).toBe(400);
  expect(response.json().code).toBe("duplicate-tag-name");
}

describe("callout tag names", () => {
  it("are unique within a callout regardless of case, on creating and on renaming", async () => {
    const first = await createTag(f.callout.id, "Needs follow-up");
    expect(first.statusCode, first.body).toBe(200);
    for (const name of ["Needs follow-up", "NEEDS FOLLOW-UP", " needs follow-up "]) {
      expectDuplicate(await createTag(f.callout.id, name));
    }
    const other = await createTag(f.callout.id, "Checked");
    expect(other.statusCode).toBe(200);
    const rename = await call(t.app, "PATCH", `/callout/${f.callout.id}/tags/${other.json().id as string}`, {
      cookie: f.admin.cookie,
      body: { name: "needs Follow-up" },
    });
    expectDuplicate(rename);
    const tags = await t.database.db.select().from(calloutTags).where(eq(calloutTags.calloutId, f.callout.id));
    expect(tags.map((tag) => tag.name).sort()).toEqual(["Checked", "Needs follow-up"]);
    // Another callout has its own tags.
    expect((await createTag(f.other.id, "Needs follow-up")).statusCode).toBe(200);
  });

  it("are kept unique by the database itself", async () => {
    const [tag] = await t.database.db.select().from(calloutTags).where(eq(calloutTags.calloutId, f.callout.id));
    await expect(
      t.database.db
        .insert(calloutTags)
        .values({ id: randomUUID(), calloutId: f.callout.id, name: tag!.name.toUpperCase(), createdAt: t.clock.now() }),
    ).rejects.toThrow();
  });

  it("tag a response once, however often the tag is added", async () => {
    const tag = await createTag(f.callout.id, "Once");
    const tagId = tag.json().id as string;
    const responseId = f.responseIds[0]!;
    const patched = await call(t.app, "PATCH", `/callout-responses/${responseId}`, {
      cookie: f.admin.cookie,
      body: { tags: [`+${tagId}`, `+${tagId}`] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const again = await call(t.app, "PATCH", `/callout-responses/${responseId}`, {
      cookie: f.admin.cookie,
      body: { tags: [`+${tagId}`] },
    });
    expect(again.statusCode, again.body).toBe(200);
    const links = await t.database.db.select().from(calloutResponseTags).where(eq(calloutResponseTags.tagId, tagId));
    expect(links.map((link) => link.responseId)).toEqual([responseId]);
    await expect(
      t.database.db.insert(calloutResponseTags).values({ responseId, tagId, createdAt: t.clock.now() }),
    ).rejects.toThrow();
  });
});

describe("contact tag names", () => {
  it("are kept unique regardless of case by the database itself", async () => {
    await t.database.db.insert(contactTags).values({ id: randomUUID(), name: "Supporter" });
    await expect(t.database.db.insert(contactTags).values({ id: randomUUID(), name: "SUPPORTER" })).rejects.toThrow();
  });
});

describe("the migration that makes tag names unique", () => {
  const migration = () =>
    readFileSync(fileURLToPath(new URL("../src/db/migrations/0021_unique_tag_names.sql", import.meta.url)), "utf8");

  it("merges tags that already share a name, keeping every link once", async () => {
    const db = t.database.db;
    // The database as it was before: no unique callout tag names, contact tag names unique only in their exact case.
    await db.execute(sql`DROP INDEX callout_tags_name_key`);
    await db.execute(sql`DROP INDEX contact_tags_name_key`);
    await db.execute(sql`CREATE UNIQUE INDEX contact_tags_name_key ON contact_tags (name)`);

    const callout = await makeCallout(db, t.clock);
    const elsewhere = await makeCallout(db, t.clock);
    const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000);
    const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await db.insert(calloutTags).values([
      { id: ids[0]!, calloutId: callout.id, name: "Needs follow-up", createdAt: at(1) },
      { id: ids[1]!, calloutId: callout.id, name: "Needs follow-up", createdAt: at(2) },
      { id: ids[2]!, calloutId: callout.id, name: "needs FOLLOW-UP", description: "Call them back", createdAt: at(3) },
      { id: ids[3]!, calloutId: callout.id, name: "Needs follow-up", createdAt: at(4) },
      { id: ids[4]!, calloutId: elsewhere.id, name: "Needs follow-up", createdAt: at(0) },
    ]);
    const [one, two, three] = f.responseIds as [string, string, string];
    await db.insert(calloutResponseTags).values([
      // The same response under two of the tags, as the inbox allowed.
      { responseId: one, tagId: ids[1]!, createdAt: at(5) },
      { responseId: one, tagId: ids[3]!, createdAt: at(6) },
      { responseId: two, tagId: ids[2]!, createdAt: at(7) },
      { responseId: three, tagId: ids[0]!, createdAt: at(8) },
      { responseId: three, tagId: ids[4]!, createdAt: at(9) },
    ]);

    const contactTagIds = [randomUUID(), randomUUID()].sort();
    await db.insert(contactTags).values([
      { id: contactTagIds[0]!, name: "Donor" },
      { id: contactTagIds[1]!, name: "DONOR", description: "Gave this year" },
    ]);
    const [ann, bob] = [await makeContact(db), await makeContact(db)];
    await db.insert(contactTagAssignments).values([
      { contactId: ann.id, tagId: contactTagIds[0]! },
      { contactId: ann.id, tagId: contactTagIds[1]! },
      { contactId: bob.id, tagId: contactTagIds[1]! },
    ]);
    const segmentId = randomUUID();
    await db.insert(segments).values({
      id: segmentId,
      name: "Donors",
      order: 99,
      createdAt: t.clock.now(),
      ruleGroup: { condition: "AND", rules: [{ field: "tags", operator: "contains", value: [contactTagIds[1]!] }] },
    });

    await db.transaction(async (tx) => {
      for (const statement of migration().split("--> statement-breakpoint")) await tx.execute(sql.raw(statement));
    });

    const kept = await db.select().from(calloutTags).where(inArray(calloutTags.id, ids));
    expect(kept.map((tag) => [tag.id, tag.name, tag.description]).sort()).toEqual(
      [
        [ids[0], "Needs follow-up", "Call them back"],
        [ids[4], "Needs follow-up", ""],
      ].sort(),
    );
    const links = await db
      .select({ responseId: calloutResponseTags.responseId, tagId: calloutResponseTags.tagId })
      .from(calloutResponseTags)
      .where(inArray(calloutResponseTags.tagId, ids));
    expect(links.map((link) => `${link.responseId} ${link.tagId}`).sort()).toEqual(
      [`${one} ${ids[0]}`, `${two} ${ids[0]}`, `${three} ${ids[0]}`, `${three} ${ids[4]}`].sort(),
    );

    const contactTagsLeft = await db.select().from(contactTags).where(inArray(contactTags.id, contactTagIds));
    expect(contactTagsLeft.map((tag) => [tag.id, tag.name, tag.description])).toEqual([
      [contactTagIds[0], "Donor", "Gave this year"],
    ]);
    const assignments = await db
      .select({ contactId: contactTagAssignments.contactId })
      .from(contactTagAssignments)
      .where(eq(contactTagAssignments.tagId, contactTagIds[0]!));
    expect(assignments.map((row) => row.contactId).sort()).toEqual([ann.id, bob.id].sort());
    const [segment] = await db.select().from(segments).where(eq(segments.id, segmentId));
    expect(JSON.stringify(segment!.ruleGroup)).toContain(contactTagIds[0]!);
    expect(JSON.stringify(segment!.ruleGroup)).not.toContain(contactTagIds[1]!);

    // And from now on the database refuses a second tag of the same name.
    await expect(
      db
        .insert(calloutTags)
        .values({ id: randomUUID(), calloutId: callout.id, name: "NEEDS follow-up", createdAt: at(9) }),
    ).rejects.toThrow();
  });
});

describe("the sample data", () => {
  it("loads beside a tag an admin made with the same name in another case, and uses it", async () => {
    const tagId = randomUUID();
    await t.database.db.insert(contactTags).values({ id: tagId, name: "volunteer" });
    const load = await call(t.app, "POST", "/setup/sample-data", { cookie: f.admin.cookie });
    expect(load.statusCode, load.body).toBe(200);
    const named = await t.database.db
      .select()
      .from(contactTags)
      .where(sql`lower(${contactTags.name}) = 'volunteer'`);
    expect(named.map((tag) => tag.id)).toEqual([tagId]);
  });
});
