import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { isUuid } from "@cohort/common/http";
import { calloutOpenAt } from "../../db/callout-status.js";
import type { Db } from "../../db/client.js";
import { calloutResponses, calloutReviewers, callouts, calloutVariants } from "../../db/schema/index.js";

export type CalloutRow = typeof callouts.$inferSelect;
export type NewCalloutRow = typeof callouts.$inferInsert;
export type VariantRow = typeof calloutVariants.$inferSelect;
export type NewVariantRow = typeof calloutVariants.$inferInsert;

/** A UUID is an id; anything else is a slug. */
export async function findCallout(db: Db, idOrSlug: string): Promise<CalloutRow | undefined> {
  const where = isUuid(idOrSlug) ? eq(callouts.id, idOrSlug) : eq(callouts.slug, idOrSlug);
  const [row] = await db.select().from(callouts).where(where).limit(1);
  return row;
}

export async function findVariants(db: Db, calloutIds: string[], names?: string[]): Promise<VariantRow[]> {
  if (calloutIds.length === 0) return [];
  const conditions = [inArray(calloutVariants.calloutId, calloutIds)];
  if (names) conditions.push(inArray(calloutVariants.name, names));
  return db
    .select()
    .from(calloutVariants)
    .where(and(...conditions));
}

export async function findVariantNames(db: Db, calloutIds: string[]): Promise<Map<string, string[]>> {
  if (calloutIds.length === 0) return new Map();
  const rows = await db
    .select({ calloutId: calloutVariants.calloutId, name: calloutVariants.name })
    .from(calloutVariants)
    .where(inArray(calloutVariants.calloutId, calloutIds))
    .orderBy(asc(calloutVariants.name));
  const names = new Map<string, string[]>();
  for (const row of rows) names.set(row.calloutId, [...(names.get(row.calloutId) ?? []), row.name]);
  return names;
}

/** Slugs equal to `base` or `base-<n>`, to pick the next free one. */
export async function findSlugsLike(db: Db, base: string): Promise<string[]> {
  const escaped = base.replace(/[\\%_]/g, (match) => `\\${match}`);
  const rows = await db
    .select({ slug: callouts.slug })
    .from(callouts)
    .where(sql`${callouts.slug} = ${base} OR ${callouts.slug} LIKE ${`${escaped}-%`}`);
  return rows.map((row) => row.slug);
}

export async function slugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  const conditions = [eq(callouts.slug, slug)];
  if (exceptId) conditions.push(sql`${callouts.id} <> ${exceptId}`);
  const rows = await db
    .select({ id: callouts.id })
    .from(callouts)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

export async function insertCallout(db: Db, row: NewCalloutRow, variants: NewVariantRow[]): Promise<CalloutRow> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(callouts).values(row).returning();
    if (variants.length > 0) await tx.insert(calloutVariants).values(variants);
    return inserted!;
  });
}

/** Changes columns and, when given, replaces every variant. */
export async function updateCallout(
  db: Db,
  id: string,
  changes: Partial<NewCalloutRow>,
  variants: NewVariantRow[] | undefined,
): Promise<CalloutRow | undefined> {
  return db.transaction(async (tx) => {
    const [updated] =
      Object.keys(changes).length > 0
        ? await tx.update(callouts).set(changes).where(eq(callouts.id, id)).returning()
        : await tx.select().from(callouts).where(eq(callouts.id, id));
    if (!updated) return undefined;
    if (variants) {
      await tx.delete(calloutVariants).where(eq(calloutVariants.calloutId, id));
      if (variants.length > 0) await tx.insert(calloutVariants).values(variants);
    }
    return updated;
  });
}

/** Responses, reviewers and variants go with it (foreign keys cascade). */
export async function deleteCallout(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(callouts).where(eq(callouts.id, id)).returning({ id: callouts.id });
  return rows.length > 0;
}

export interface CalloutPageQuery {
  where: SQL;
  /** Which variant's title sorts and filters; the default variant when the callout lacks it. */
  sort?: "title" | "starts" | "expires" | undefined;
  order: "ASC" | "DESC";
  limit: number;
  offset: number;
}

/** The default variant's title, joined for sorting and the `title` filter. */
export const defaultTitleSql = sql`(SELECT ${calloutVariants.title} FROM ${calloutVariants} WHERE ${calloutVariants.calloutId} = ${callouts.id} AND ${calloutVariants.name} = 'default')`;

export async function findCalloutPage(db: Db, query: CalloutPageQuery): Promise<{ rows: CalloutRow[]; total: number }> {
  const direction = query.order === "DESC" ? desc : asc;
  const sortColumn =
    query.sort === "title" ? defaultTitleSql : query.sort === "expires" ? callouts.expires : callouts.starts;
  const nullsLast = sql`${direction(sortColumn)} NULLS LAST`;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(callouts)
      .where(query.where)
      .orderBy(query.sort ? nullsLast : desc(callouts.createdAt), desc(callouts.createdAt), asc(callouts.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(callouts)
      .where(query.where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function countResponses(db: Db, calloutIds: string[]): Promise<Map<string, number>> {
  if (calloutIds.length === 0) return new Map();
  const rows = await db
    .select({ calloutId: calloutResponses.calloutId, count: sql<number>`count(*)::int` })
    .from(calloutResponses)
    .where(inArray(calloutResponses.calloutId, calloutIds))
    .groupBy(calloutResponses.calloutId);
  return new Map(rows.map((row) => [row.calloutId, row.count]));
}

export async function findAnswered(db: Db, contactId: string, calloutIds: string[]): Promise<Set<string>> {
  if (calloutIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ calloutId: calloutResponses.calloutId })
    .from(calloutResponses)
    .where(and(eq(calloutResponses.contactId, contactId), inArray(calloutResponses.calloutId, calloutIds)));
  return new Set(rows.map((row) => row.calloutId));
}

export async function reviewsCallout(db: Db, contactId: string, calloutId: string): Promise<boolean> {
  const rows = await db
    .select({ id: calloutReviewers.id })
    .from(calloutReviewers)
    .where(and(eq(calloutReviewers.contactId, contactId), eq(calloutReviewers.calloutId, calloutId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * A part of a statement that writes responses, for its `WITH` (decision 083): raises the
 * callout's response counter by `count` and answers the new last number as `last`, under the
 * row's lock until the transaction ends, so two statements never share a number. With
 * `openAt`, the counter stays as it is (and no row comes back) unless the callout is open then.
 */
export function raiseResponseCounter(calloutId: SQL, count: SQL, openAt?: SQL): SQL {
  const open = openAt ? sql` AND ${calloutOpenAt(sql`${openAt}::timestamptz`)}` : sql``;
  return sql`UPDATE ${callouts} SET last_response_number = ${callouts.lastResponseNumber} + ${count}::int
    WHERE ${callouts.id} = ${calloutId}::uuid${open}
    RETURNING ${callouts.lastResponseNumber} AS last`;
}

/** Sets where a callout's response numbers go on from (sample data written with its numbers). */
export async function setLastResponseNumber(db: Db, calloutId: string, last: number): Promise<void> {
  await db.update(callouts).set({ lastResponseNumber: last }).where(eq(callouts.id, calloutId));
}

/** Deletes the callouts `ids` (a query of their ids) selects; what is in them goes with them. Answers their ids. */
export async function deleteCalloutsIn(db: Db, ids: SQL): Promise<string[]> {
  const rows = await db
    .delete(callouts)
    .where(sql`${callouts.id} IN (${ids})`)
    .returning({ id: callouts.id });
  return rows.map((row) => row.id);
}
