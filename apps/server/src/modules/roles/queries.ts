import { and, eq, inArray } from "drizzle-orm";
import type { RoleType } from "@cohort/common/contacts";
import type { Db } from "../../db/client.js";
import { contactRoles, contacts } from "../../db/schema/index.js";

export async function contactExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, id)).limit(1);
  return row !== undefined;
}

/**
 * Row-locks every role of the given kinds until the transaction ends, so two
 * admins demoting each other at once cannot both pass the last-admin check.
 */
export async function lockRoles(db: Db, roles: RoleType[]): Promise<void> {
  await db
    .select({ contactId: contactRoles.contactId })
    .from(contactRoles)
    .where(inArray(contactRoles.role, roles))
    .for("update");
}

/**
 * The member role, locked until the transaction ends, so concurrent extensions queue up. The
 * contact's row is locked first, in a statement of its own: a contact without a member role has
 * no role row to lock, and two payments at once would each find none and both start a
 * membership. The second now waits, then reads the role the first saved.
 */
export async function lockMemberRole(db: Db, contactId: string): Promise<typeof contactRoles.$inferSelect | undefined> {
  await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contactId)).for("no key update");
  const [row] = await db
    .select()
    .from(contactRoles)
    .where(and(eq(contactRoles.contactId, contactId), eq(contactRoles.role, "member")))
    .for("update");
  return row;
}
