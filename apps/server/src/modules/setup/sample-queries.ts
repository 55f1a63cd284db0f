import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import * as schema from "../../db/schema/index.js";

export async function insertSampleRows(
  db: Db,
  rows: {
    tags: (typeof schema.contactTags.$inferInsert)[];
    contacts: (typeof schema.contacts.$inferInsert)[];
    profiles: (typeof schema.contactProfiles.$inferInsert)[];
    roles: (typeof schema.contactRoles.$inferInsert)[];
    assignments: (typeof schema.contactTagAssignments.$inferInsert)[];
    payments: (typeof schema.payments.$inferInsert)[];
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(schema.contactTags).values(rows.tags).onConflictDoNothing();
    // A tag of the same name, in any case, may be there already (kept by a removal because a real contact carries
    // it, or made by an admin): use it.
    const stored = await tx
      .select({ id: schema.contactTags.id, name: schema.contactTags.name })
      .from(schema.contactTags)
      .where(
        inArray(
          sql`lower(${schema.contactTags.name})`,
          rows.tags.map((tag) => tag.name.toLowerCase()),
        ),
      );
    const storedIdByName = new Map(stored.map((tag) => [tag.name.toLowerCase(), tag.id]));
    const storedId = new Map(rows.tags.map((tag) => [tag.id, storedIdByName.get(tag.name.toLowerCase()) ?? tag.id]));
    await tx.insert(schema.contacts).values(rows.contacts);
    await tx.insert(schema.contactProfiles).values(rows.profiles);
    await tx.insert(schema.contributions).values(rows.contacts.map((contact) => ({ contactId: contact.id })));
    if (rows.roles.length) await tx.insert(schema.contactRoles).values(rows.roles);
    await tx
      .insert(schema.contactTagAssignments)
      .values(rows.assignments.map((row) => ({ ...row, tagId: storedId.get(row.tagId) ?? row.tagId })));
    if (rows.payments.length) await tx.insert(schema.payments).values(rows.payments);
  });
}

const sampleContactIds = (domain: string) =>
  sql`SELECT ${schema.contacts.id} FROM ${schema.contacts} WHERE lower(${schema.contacts.email}) LIKE ${`%@${domain}`}`;

/** The loader's tags that no contact outside the sample still carries. */
const isRemovableSampleTag = (description: string, domain: string) => sql`
  ${schema.contactTags.description} = ${description}
  AND NOT EXISTS (
    SELECT 1 FROM ${schema.contactTagAssignments}
    WHERE ${schema.contactTagAssignments.tagId} = ${schema.contactTags.id}
      AND ${schema.contactTagAssignments.contactId} NOT IN (${sampleContactIds(domain)})
  )`;

export interface SampleMarks {
  domain: string;
  tagDescription: string;
}

const count = sql<number>`count(*)::int`;

/** One count after another: `db` may be a transaction, whose one connection takes one query at a time. */
export async function countSampleRows(
  db: Db,
  marks: SampleMarks,
): Promise<{ contacts: number; payments: number; tags: number }> {
  const [contacts] = await db
    .select({ n: count })
    .from(schema.contacts)
    .where(sql`${schema.contacts.id} IN (${sampleContactIds(marks.domain)})`);
  const [payments] = await db
    .select({ n: count })
    .from(schema.payments)
    .where(sql`${schema.payments.contactId} IN (${sampleContactIds(marks.domain)})`);
  const [tags] = await db
    .select({ n: count })
    .from(schema.contactTags)
    .where(isRemovableSampleTag(marks.tagDescription, marks.domain));
  return { contacts: contacts?.n ?? 0, payments: payments?.n ?? 0, tags: tags?.n ?? 0 };
}

/**
 * Deletes the sample contacts (their profiles, roles, contributions and tag
 * assignments go with them through the foreign keys), their payments, and the
 * loader's tags nobody else carries, in one transaction.
 */
export async function deleteSampleRows(db: Db, marks: SampleMarks): Promise<void> {
  await db.transaction(async (tx) => {
    const tags = await tx
      .select({ id: schema.contactTags.id })
      .from(schema.contactTags)
      .where(isRemovableSampleTag(marks.tagDescription, marks.domain));
    await tx.delete(schema.payments).where(sql`${schema.payments.contactId} IN (${sampleContactIds(marks.domain)})`);
    await tx.delete(schema.contacts).where(sql`${schema.contacts.id} IN (${sampleContactIds(marks.domain)})`);
    if (tags.length > 0) {
      await tx.delete(schema.contactTags).where(
        inArray(
          schema.contactTags.id,
          tags.map((tag) => tag.id),
        ),
      );
    }
  });
}

/** Holds loaders of the sample data one at a time until the caller's transaction ends. */
export async function lockSampleData(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('cohort:sample-data'))`);
}
