import { and, asc, count, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { ContactTagSortField } from "@cohort/common/tags";
import type { Db } from "../../db/client.js";
import { contactTagAssignments, contactTags } from "../../db/schema/index.js";

export type ContactTagRow = typeof contactTags.$inferSelect;

export interface TagListOrder {
  sort: ContactTagSortField;
  order: "ASC" | "DESC";
}

/** Names sort case-insensitively (the same on every collation), ties broken by id. */
function orderBy({ sort, order }: TagListOrder): SQL[] {
  const direction = order === "ASC" ? asc : desc;
  if (sort === "id") return [direction(contactTags.id)];
  return [direction(sql`lower(${contactTags.name})`), direction(contactTags.name), asc(contactTags.id)];
}

export function listTags(db: Db, order: TagListOrder): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: contactTags.id, name: contactTags.name })
    .from(contactTags)
    .orderBy(...orderBy(order));
}

/** Every tag with the number of contacts carrying it, in one grouped query. */
export function listTagsWithCounts(
  db: Db,
  order: TagListOrder,
): Promise<{ id: string; name: string; contactCount: number }[]> {
  return db
    .select({ id: contactTags.id, name: contactTags.name, contactCount: count(contactTagAssignments.contactId) })
    .from(contactTags)
    .leftJoin(contactTagAssignments, eq(contactTagAssignments.tagId, contactTags.id))
    .groupBy(contactTags.id)
    .orderBy(...orderBy(order));
}

export async function findTag(db: Db, id: string): Promise<ContactTagRow | undefined> {
  const [row] = await db.select().from(contactTags).where(eq(contactTags.id, id)).limit(1);
  return row;
}

/** True when another tag already has this name, ignoring case. */
export async function isTagNameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  const sameName = sql`lower(${contactTags.name}) = lower(${name})`;
  const [row] = await db
    .select({ id: contactTags.id })
    .from(contactTags)
    .where(exceptId ? and(sameName, ne(contactTags.id, exceptId)) : sameName)
    .limit(1);
  return row !== undefined;
}

export async function insertTag(db: Db, tag: typeof contactTags.$inferInsert): Promise<ContactTagRow> {
  const [row] = await db.insert(contactTags).values(tag).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateTag(
  db: Db,
  id: string,
  changes: Partial<Omit<typeof contactTags.$inferInsert, "id">>,
): Promise<ContactTagRow | undefined> {
  const [row] = await db.update(contactTags).set(changes).where(eq(contactTags.id, id)).returning();
  return row;
}

/** Assignments go with the tag through the foreign key's cascade. */
export async function deleteTag(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(contactTags).where(eq(contactTags.id, id)).returning({ id: contactTags.id });
  return rows.length > 0;
}
