import { eq, inArray, sql } from "drizzle-orm";
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

export interface SampleCalloutRows {
  reviewers: (typeof schema.calloutReviewers.$inferInsert)[];
  tags: (typeof schema.calloutTags.$inferInsert)[];
  responses: (typeof schema.calloutResponses.$inferInsert & { calloutId: string })[];
  responseTags: (typeof schema.calloutResponseTags.$inferInsert)[];
  comments: (typeof schema.calloutResponseComments.$inferInsert)[];
  files: (typeof schema.uploadedFiles.$inferInsert)[];
}

/** A few hundred rows per statement, well below the database's limit on parameters. */
async function insertInChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) await insert(rows.slice(start, start + 500));
}

/**
 * Marks a callout as sample data and writes what it holds: its numbered
 * responses (the callout numbers new ones after them), reviewers, tags,
 * comments and the records of the answers' files.
 */
export async function insertSampleCalloutRows(db: Db, calloutId: string, rows: SampleCalloutRows): Promise<void> {
  await db.insert(schema.sampleCallouts).values({ calloutId });
  await db
    .update(schema.callouts)
    .set({ lastResponseNumber: rows.responses.length })
    .where(eq(schema.callouts.id, calloutId));
  if (rows.reviewers.length) await db.insert(schema.calloutReviewers).values(rows.reviewers);
  if (rows.tags.length) await db.insert(schema.calloutTags).values(rows.tags);
  await insertInChunks(rows.responses, (chunk) => db.insert(schema.calloutResponses).values(chunk));
  await insertInChunks(rows.responseTags, (chunk) => db.insert(schema.calloutResponseTags).values(chunk));
  await insertInChunks(rows.comments, (chunk) => db.insert(schema.calloutResponseComments).values(chunk));
  await insertInChunks(rows.files, (chunk) => db.insert(schema.uploadedFiles).values(chunk));
}

const sampleCalloutIds = sql`SELECT ${schema.sampleCallouts.calloutId} FROM ${schema.sampleCallouts}`;

/** The storage keys of every file in an answer to a sample callout, whoever sent it. */
export async function findSampleCalloutFiles(db: Db): Promise<string[]> {
  const rows = await db
    .select({ key: schema.uploadedFiles.storageKey })
    .from(schema.uploadedFiles)
    .innerJoin(schema.calloutResponses, eq(schema.calloutResponses.id, schema.uploadedFiles.responseId))
    .where(sql`${schema.calloutResponses.calloutId} IN (${sampleCalloutIds})`);
  return rows.map((row) => row.key);
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
): Promise<{ contacts: number; payments: number; tags: number; callouts: number; responses: number }> {
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
  const [callouts] = await db.select({ n: count }).from(schema.sampleCallouts);
  const [responses] = await db
    .select({ n: count })
    .from(schema.calloutResponses)
    .where(sql`${schema.calloutResponses.calloutId} IN (${sampleCalloutIds})`);
  return {
    contacts: contacts?.n ?? 0,
    payments: payments?.n ?? 0,
    tags: tags?.n ?? 0,
    callouts: callouts?.n ?? 0,
    responses: responses?.n ?? 0,
  };
}

/**
 * Deletes the sample callouts (everything in them goes with them through the
 * foreign keys: responses, their tags and comments, the records of their
 * files, reviewers), the sample contacts (their profiles, roles, contributions
 * and tag assignments likewise), their payments, and the loader's tags nobody
 * else carries, in one transaction. Answers the ids of the callouts removed.
 */
export async function deleteSampleRows(db: Db, marks: SampleMarks): Promise<string[]> {
  return db.transaction(async (tx) => {
    const callouts = await tx
      .delete(schema.callouts)
      .where(sql`${schema.callouts.id} IN (${sampleCalloutIds})`)
      .returning({ id: schema.callouts.id });
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
    return callouts.map((callout) => callout.id);
  });
}

/** Holds loaders of the sample data one at a time until the caller's transaction ends. */
export async function lockSampleData(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('cohort:sample-data'))`);
}
