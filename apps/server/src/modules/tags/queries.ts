import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { ContactTagSortField } from "@cohort/common/tags";
import type { Db } from "../../db/client.js";
import { chunks } from "../../db/chunks.js";
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

// What other modules ask of the tags module, which owns tags and who carries them (decision 083).

export async function insertTags(db: Db, tags: { id: string; name: string }[]): Promise<void> {
  for (const part of chunks(tags)) await db.insert(contactTags).values(part);
}

/** The ids of the tags with these names (ignoring case), the ones missing created first with the ids given. */
export async function findOrInsertTags(
  db: Db,
  tags: (typeof contactTags.$inferInsert)[],
): Promise<Map<string, string>> {
  for (const part of chunks(tags)) await db.insert(contactTags).values(part).onConflictDoNothing();
  const stored = await db
    .select({ id: contactTags.id, name: contactTags.name })
    .from(contactTags)
    .where(
      inArray(
        sql`lower(${contactTags.name})`,
        tags.map((tag) => tag.name.toLowerCase()),
      ),
    );
  return new Map(stored.map((tag) => [tag.name.toLowerCase(), tag.id]));
}

export async function deleteTags(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(contactTags).where(inArray(contactTags.id, ids));
}

/** Gives each contact its tag; an assignment already there stays as it is. */
export async function assignTags(db: Db, assignments: { contactId: string; tagId: string }[]): Promise<void> {
  for (const part of chunks(assignments)) {
    await db.insert(contactTagAssignments).values(part).onConflictDoNothing();
  }
}

/** Gives the tag to every contact `contactIds` (a query of contact ids) selects. */
export async function assignTagToAll(db: Db, tagId: string, contactIds: SQL): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${contactTagAssignments} (contact_id, tag_id)
    SELECT matching.id, ${tagId}::uuid FROM (${contactIds}) AS matching
    ON CONFLICT DO NOTHING`);
}

/** Takes the tag from every contact `contactIds` (a query of contact ids) selects. */
export async function unassignTagFromAll(db: Db, tagId: string, contactIds: SQL): Promise<void> {
  await db
    .delete(contactTagAssignments)
    .where(
      sql`${contactTagAssignments.tagId} = ${tagId}::uuid AND ${contactTagAssignments.contactId} IN (${contactIds})`,
    );
}
