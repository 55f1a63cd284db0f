import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.js";
import { calloutResponseTags, calloutTags } from "../../../db/schema/index.js";
import type { FieldSqlMap } from "../../../filters/sql.js";

export type CalloutTagRow = typeof calloutTags.$inferSelect;

export const calloutTagFilterSql: FieldSqlMap = {
  id: sql`${calloutTags.id}::text`,
  name: sql`${calloutTags.name}`,
  description: sql`${calloutTags.description}`,
};

const responseCount = sql<number>`(SELECT count(*)::int FROM ${calloutResponseTags} WHERE ${calloutResponseTags.tagId} = ${calloutTags.id})`;

export async function listTags(
  db: Db,
  query: { calloutId: string; where?: SQL | undefined; sort: "id" | "name"; order: "ASC" | "DESC"; withCount: boolean },
): Promise<(CalloutTagRow & { responseCount?: number })[]> {
  const direction = query.order === "ASC" ? asc : desc;
  const column = query.sort === "id" ? calloutTags.id : calloutTags.name;
  return db
    .select({ ...(query.withCount ? { responseCount } : {}), ...tagColumns })
    .from(calloutTags)
    .where(and(eq(calloutTags.calloutId, query.calloutId), query.where))
    .orderBy(direction(column), asc(calloutTags.id));
}

const tagColumns = {
  id: calloutTags.id,
  calloutId: calloutTags.calloutId,
  name: calloutTags.name,
  description: calloutTags.description,
  createdAt: calloutTags.createdAt,
};

export async function findTag(db: Db, calloutId: string, tagId: string): Promise<CalloutTagRow | undefined> {
  const [row] = await db
    .select()
    .from(calloutTags)
    .where(and(eq(calloutTags.calloutId, calloutId), eq(calloutTags.id, tagId)));
  return row;
}

export async function insertTag(db: Db, row: CalloutTagRow): Promise<CalloutTagRow> {
  const [inserted] = await db.insert(calloutTags).values(row).returning();
  return inserted!;
}

export async function updateTag(
  db: Db,
  calloutId: string,
  tagId: string,
  changes: { name?: string; description?: string },
): Promise<CalloutTagRow | undefined> {
  if (Object.keys(changes).length === 0) return findTag(db, calloutId, tagId);
  const [row] = await db
    .update(calloutTags)
    .set(changes)
    .where(and(eq(calloutTags.calloutId, calloutId), eq(calloutTags.id, tagId)))
    .returning();
  return row;
}

/** Deletes the tag; its assignments go with it (foreign key cascade). */
export async function deleteTag(db: Db, calloutId: string, tagId: string): Promise<boolean> {
  const rows = await db
    .delete(calloutTags)
    .where(and(eq(calloutTags.calloutId, calloutId), eq(calloutTags.id, tagId)))
    .returning({ id: calloutTags.id });
  return rows.length > 0;
}

/** Gives a replicated callout copies of the source callout's tags, with new ids. */
export async function copyTags(db: Db, fromCalloutId: string, toCalloutId: string, newId: () => string, now: Date) {
  const rows = await db.select().from(calloutTags).where(eq(calloutTags.calloutId, fromCalloutId));
  if (rows.length === 0) return;
  await db
    .insert(calloutTags)
    .values(rows.map((row) => ({ ...row, id: newId(), calloutId: toCalloutId, createdAt: now })));
}
