import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import * as schema from "../../db/schema/index.js";

export interface SampleCalloutRows {
  reviewers: (typeof schema.calloutReviewers.$inferInsert)[];
  tags: (typeof schema.calloutTags.$inferInsert)[];
  responses: (typeof schema.calloutResponses.$inferInsert & { calloutId: string })[];
  responseTags: (typeof schema.calloutResponseTags.$inferInsert)[];
  comments: (typeof schema.calloutResponseComments.$inferInsert)[];
  files: (typeof schema.uploadedFiles.$inferInsert)[];
}

/** Marks a callout as sample data. */
export async function markSampleCallout(db: Db, calloutId: string): Promise<void> {
  await db.insert(schema.sampleCallouts).values({ calloutId });
}

/** The ids of the sample callouts, as a query. */
export const sampleCalloutIds = sql`SELECT ${schema.sampleCallouts.calloutId} FROM ${schema.sampleCallouts}`;

/** The storage keys of every file in an answer to a sample callout, whoever sent it. */
export async function findSampleCalloutFiles(db: Db): Promise<string[]> {
  const rows = await db
    .select({ key: schema.uploadedFiles.storageKey })
    .from(schema.uploadedFiles)
    .innerJoin(schema.calloutResponses, eq(schema.calloutResponses.id, schema.uploadedFiles.responseId))
    .where(sql`${schema.calloutResponses.calloutId} IN (${sampleCalloutIds})`);
  return rows.map((row) => row.key);
}

/** The ids of the sample contacts (by the domain of their addresses), as a query. */
export const sampleContactIds = (domain: string) =>
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

/** The loader's tags that no contact outside the sample still carries. */
export async function findRemovableSampleTags(db: Db, marks: SampleMarks): Promise<string[]> {
  const rows = await db
    .select({ id: schema.contactTags.id })
    .from(schema.contactTags)
    .where(isRemovableSampleTag(marks.tagDescription, marks.domain));
  return rows.map((row) => row.id);
}

/** Holds loaders of the sample data one at a time until the caller's transaction ends. */
export async function lockSampleData(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('cohort:sample-data'))`);
}
