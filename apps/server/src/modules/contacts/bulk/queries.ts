import { count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.js";
import { contactProfiles, contactTags, contacts, contributions } from "../../../db/schema/index.js";

/** Ids of the contacts a list condition matches (same joins as the list). */
function matchingContacts(db: Db, where: SQL) {
  return db
    .select({ id: contacts.id })
    .from(contacts)
    .leftJoin(contactProfiles, eq(contactProfiles.contactId, contacts.id))
    .leftJoin(contributions, eq(contributions.contactId, contacts.id))
    .where(where);
}

/** `limit`: at most that many (for a bounded sample). */
export async function findMatchingIds(db: Db, where: SQL, limit?: number): Promise<string[]> {
  const query = matchingContacts(db, where);
  return (await (limit === undefined ? query : query.limit(limit))).map((row) => row.id);
}

/** A condition on the contacts table: the contact is one `where` matches (same joins as the list). */
export function isMatching(db: Db, where: SQL): SQL {
  return sql`${contacts.id} IN (${matchingContacts(db, where)})`;
}

/** A condition on the contacts table: the contact is one of `ids`. */
export function isOneOf(ids: string[]): SQL {
  return inArray(contacts.id, ids);
}

export async function deleteContactRows(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.delete(contacts).where(inArray(contacts.id, ids)).returning({ id: contacts.id });
  return rows.length;
}

export async function countMatching(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(matchingContacts(db, where).as("matching"));
  return row?.n ?? 0;
}

export async function findExistingTagIds(db: Db, tagIds: string[]): Promise<string[]> {
  if (tagIds.length === 0) return [];
  const rows = await db.select({ id: contactTags.id }).from(contactTags).where(inArray(contactTags.id, tagIds));
  return rows.map((row) => row.id);
}

/** The ids of the contacts a list condition matches, as a query (same joins as the list). */
export function matchingIdsQuery(db: Db, where: SQL): SQL {
  return sql`${matchingContacts(db, where)}`;
}

export async function deleteContactRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(contacts).where(eq(contacts.id, id)).returning({ id: contacts.id });
  return rows.length > 0;
}
