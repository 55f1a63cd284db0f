import { and, asc, count, countDistinct, eq, gte, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { RoleType } from "@cohort/common/contacts";
import type { Db } from "../../db/client.js";
import {
  contactProfiles,
  contactRoles,
  contactTagAssignments,
  contactTags,
  contacts,
  contributions,
} from "../../db/schema/index.js";

export type ContactRow = typeof contacts.$inferSelect;
export type ProfileRow = typeof contactProfiles.$inferSelect;
export type RoleRow = typeof contactRoles.$inferSelect;
export type ContributionRow = typeof contributions.$inferSelect;

export async function findContactById(db: Db, id: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1);
  return row;
}

export async function findContactByEmail(db: Db, email: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(eq(contacts.email, email)).limit(1);
  return row;
}

/** Emails are stored lower-cased; the comparison ignores case all the same. */
export async function findContactByEmailIgnoringCase(db: Db, email: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(eq(sql`lower(${contacts.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

export function findRoles(db: Db, contactId: string): Promise<RoleRow[]> {
  return db.select().from(contactRoles).where(eq(contactRoles.contactId, contactId)).orderBy(asc(contactRoles.role));
}

export async function findProfile(db: Db, contactId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(contactProfiles).where(eq(contactProfiles.contactId, contactId));
  return row;
}

export async function findContribution(db: Db, contactId: string): Promise<ContributionRow | undefined> {
  const [row] = await db.select().from(contributions).where(eq(contributions.contactId, contactId));
  return row;
}

export function findTags(db: Db, contactId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: contactTags.id, name: contactTags.name })
    .from(contactTagAssignments)
    .innerJoin(contactTags, eq(contactTags.id, contactTagAssignments.tagId))
    .where(eq(contactTagAssignments.contactId, contactId))
    .orderBy(asc(contactTags.name));
}

export async function insertContact(
  db: Db,
  contact: typeof contacts.$inferInsert,
  profile: Omit<typeof contactProfiles.$inferInsert, "contactId"> = {},
  contribution: Omit<typeof contributions.$inferInsert, "contactId"> = {},
): Promise<ContactRow> {
  const [row] = await db.insert(contacts).values(contact).returning();
  if (!row) throw new Error("insert returned no row");
  await db.insert(contactProfiles).values({ ...profile, contactId: row.id });
  await db.insert(contributions).values({ ...contribution, contactId: row.id });
  return row;
}

export async function updateContact(
  db: Db,
  id: string,
  changes: Partial<typeof contacts.$inferInsert>,
): Promise<ContactRow | undefined> {
  const [row] = await db.update(contacts).set(changes).where(eq(contacts.id, id)).returning();
  return row;
}

/**
 * Creates or replaces a role, as saved at `savedAt`. Without it the role counts as saved long
 * ago, as rows from before the column do: the hourly job may then tell a start or end the change
 * told already, but never misses one.
 */
export async function upsertRole(db: Db, role: typeof contactRoles.$inferInsert): Promise<RoleRow> {
  const [row] = await db
    .insert(contactRoles)
    .values(role)
    .onConflictDoUpdate({
      target: [contactRoles.contactId, contactRoles.role],
      set: { dateAdded: role.dateAdded, dateExpires: role.dateExpires ?? null, savedAt: role.savedAt },
    })
    .returning();
  if (!row) throw new Error("upsert returned no row");
  return row;
}

/**
 * The admin and superadmin roles that have not ended (held now or starting
 * later), of one contact or, without `contactId`, of everyone (a short list).
 */
export async function findStandingStaffRoles(
  db: Db,
  now: Date,
  contactId?: string,
): Promise<{ contactId: string; role: RoleType }[]> {
  return db
    .select({ contactId: contactRoles.contactId, role: contactRoles.role })
    .from(contactRoles)
    .where(
      and(
        contactId === undefined ? undefined : eq(contactRoles.contactId, contactId),
        inArray(contactRoles.role, ["admin", "superadmin"]),
        or(isNull(contactRoles.dateExpires), gte(contactRoles.dateExpires, now)),
      ),
    );
}

/** SQL condition: the role row is active at `now`. */
export function roleIsActive(now: Date) {
  return and(
    lte(contactRoles.dateAdded, now),
    or(isNull(contactRoles.dateExpires), gte(contactRoles.dateExpires, now)),
  );
}

/** How many contacts hold any of the roles right now. */
export async function countActiveRoleHolders(db: Db, roles: RoleType[], now: Date): Promise<number> {
  const [row] = await db
    .select({ count: countDistinct(contactRoles.contactId) })
    .from(contactRoles)
    .where(and(inArray(contactRoles.role, roles), roleIsActive(now)));
  return row?.count ?? 0;
}

export async function updateProfile(
  db: Db,
  contactId: string,
  changes: Partial<Omit<typeof contactProfiles.$inferInsert, "contactId">>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(contactProfiles).set(changes).where(eq(contactProfiles.contactId, contactId));
}

/** True when the contact holds an active admin or superadmin role. */
export async function isActiveAdmin(db: Db, contactId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(contactRoles)
    .where(
      and(
        eq(contactRoles.contactId, contactId),
        inArray(contactRoles.role, ["admin", "superadmin"]),
        roleIsActive(now),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** True when the contact holds an active member role. */
export async function isActiveMember(db: Db, contactId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ contactId: contactRoles.contactId })
    .from(contactRoles)
    .where(and(eq(contactRoles.contactId, contactId), eq(contactRoles.role, "member"), roleIsActive(now)))
    .limit(1);
  return row !== undefined;
}

/**
 * The `data` of a contact webhook event for every contact `where` matches
 * (decision 069): what `emitContactEvent` sends, or only the id of a deleted one.
 */
export function contactEventData(onlyId: boolean, where: SQL): SQL {
  const data = onlyId
    ? sql`jsonb_build_object('id', ${contacts.id})`
    : sql`jsonb_build_object('id', ${contacts.id}, 'email', ${contacts.email}, 'firstname', ${contacts.firstname},
        'lastname', ${contacts.lastname},
        'joined', to_char(${contacts.joined} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  return sql`SELECT ${data} AS data FROM ${contacts} WHERE ${where} ORDER BY ${contacts.joined}, ${contacts.id}`;
}
