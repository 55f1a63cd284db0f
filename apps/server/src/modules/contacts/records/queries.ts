import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { CONTACT_LIMITS, type RoleType } from "@cohort/common/contacts";
import type { Locale } from "@cohort/common/i18n";
import type { Db } from "../../../db/client.js";
import { contactProfiles, contactRoles, contacts, contributions } from "../../../db/schema/index.js";

/*
 * The writes other modules ask of the contacts module (through `records-service.ts`), which
 * owns contacts, their profiles, roles and contribution rows (decision 083).
 */

/** True while the account's failure budget is spent: the count is full and its quarter hour not over. */
function budgetSpentAt(now: Date, budget: number) {
  return sql`(${contacts.passwordTries} >= ${budget} AND coalesce(${contacts.lockedUntil} > ${now}::timestamptz, false))`;
}

/**
 * Counts a failed password or code against the account's budget, in one
 * statement: the first failure after a quarter hour has ended starts a new
 * one (ending at `periodEnd`). Nothing is counted while the budget is spent.
 */
export async function recordAccountFailure(
  db: Db,
  contactId: string,
  options: { now: Date; budget: number; periodEnd: Date },
): Promise<void> {
  const { now, budget, periodEnd } = options;
  const running = sql`coalesce(${contacts.lockedUntil} > ${now}::timestamptz, false)`;
  await db
    .update(contacts)
    .set({
      passwordTries: sql`CASE WHEN ${running} THEN ${contacts.passwordTries} + 1 ELSE 1 END`,
      lockedUntil: sql`CASE WHEN ${running} THEN ${contacts.lockedUntil} ELSE ${periodEnd}::timestamptz END`,
    })
    .where(and(eq(contacts.id, contactId), sql`NOT ${budgetSpentAt(now, budget)}`));
}

export async function touchLastSeen(db: Db, contactId: string, now: Date): Promise<void> {
  await db.update(contacts).set({ lastSeen: now }).where(eq(contacts.id, contactId));
}

export async function setPassword(db: Db, contactId: string, passwordHash: string): Promise<void> {
  await db.update(contacts).set({ passwordHash, passwordTries: 0 }).where(eq(contacts.id, contactId));
}

export async function setEmail(db: Db, contactId: string, email: string): Promise<void> {
  await db.update(contacts).set({ email }).where(eq(contacts.id, contactId));
}

/** Keeps the language a contact answered in as theirs, unless they have one already. */
export async function rememberContactLocale(db: Db, contactId: string, locale: Locale): Promise<void> {
  await db
    .update(contacts)
    .set({ locale })
    .where(and(eq(contacts.id, contactId), isNull(contacts.locale)));
}

export type ContactContributionFields = Pick<
  Partial<typeof contacts.$inferInsert>,
  "contributionType" | "contributionPeriod" | "contributionAmount"
>;

export async function updateContactContribution(
  db: Db,
  contactId: string,
  changes: ContactContributionFields,
): Promise<void> {
  await db.update(contacts).set(changes).where(eq(contacts.id, contactId));
}

export type ContributionChanges = Partial<Omit<typeof contributions.$inferInsert, "contactId">>;

/** Changes the contribution row, creating it when the contact has none yet. */
export async function saveContribution(db: Db, contactId: string, changes: ContributionChanges): Promise<void> {
  await db
    .insert(contributions)
    .values({ ...changes, contactId })
    .onConflictDoUpdate({ target: contributions.contactId, set: changes });
}

/** Changes the contribution row the contact has (nothing when there is none). */
export async function updateContribution(db: Db, contactId: string, changes: ContributionChanges): Promise<void> {
  await db.update(contributions).set(changes).where(eq(contributions.contactId, contactId));
}

/**
 * Creates the role or updates it in place, as saved at `savedAt`. `dateExpires:
 * undefined` keeps the stored expiry on update (and means none on create); null clears it.
 */
export async function saveRole(
  db: Db,
  role: { contactId: string; role: RoleType; dateAdded: Date; dateExpires: Date | null | undefined; savedAt: Date },
): Promise<typeof contactRoles.$inferSelect> {
  const [row] = await db
    .insert(contactRoles)
    .values({ ...role, dateExpires: role.dateExpires ?? null })
    .onConflictDoUpdate({
      target: [contactRoles.contactId, contactRoles.role],
      set: {
        dateAdded: role.dateAdded,
        savedAt: role.savedAt,
        ...(role.dateExpires !== undefined ? { dateExpires: role.dateExpires } : {}),
      },
    })
    .returning();
  if (!row) throw new Error("upsert returned no row");
  return row;
}

export async function deleteRole(db: Db, contactId: string, role: RoleType): Promise<boolean> {
  const rows = await db
    .delete(contactRoles)
    .where(and(eq(contactRoles.contactId, contactId), eq(contactRoles.role, role)))
    .returning({ role: contactRoles.role });
  return rows.length > 0;
}

/**
 * Adds a line to the staff's notes on a contact. A line already there is not added again (the
 * same event delivered twice), and a line that would take the notes past their limit is left
 * out: what staff wrote is never cut to make room for it.
 */
export async function appendStaffNote(db: Db, contactId: string, line: string): Promise<void> {
  const max = CONTACT_LIMITS.notes;
  const notes = contactProfiles.notes;
  const joined = sql`CASE WHEN ${notes} = '' THEN ${line} ELSE ${notes} || E'\n' || ${line} END`;
  await db
    .update(contactProfiles)
    .set({ notes: joined })
    .where(
      and(
        eq(contactProfiles.contactId, contactId),
        sql`strpos(${notes}, ${line}) = 0`,
        sql`char_length(${joined}) <= ${max}`,
      ),
    );
}

export interface GuestContact {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  joined: Date;
}

/**
 * The id of the contact with this email, creating it (with its empty profile
 * and contribution rows, no roles) when there is none, in one statement,
 * prepared once per database. Nothing comes back when another request created
 * the same email at the same instant; asking again then finds it.
 */
function prepareGuestContact(db: Db) {
  const placeholder = (name: string) => sql.placeholder(name);
  const existing = db.$with("existing").as(
    db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.email, placeholder("email"))),
  );
  const created = db.$with("created", { id: contacts.id }).as(sql`
    INSERT INTO ${contacts} (id, email, firstname, lastname, joined)
    SELECT ${placeholder("id")}::uuid, ${placeholder("email")}, ${placeholder("firstname")}, ${placeholder("lastname")},
      ${placeholder("joined")}::timestamptz
    WHERE NOT EXISTS (SELECT 1 FROM ${existing})
    ON CONFLICT (email) DO NOTHING
    RETURNING id`);
  const profile = db
    .$with("profile", {})
    .as(sql`INSERT INTO ${contactProfiles} (contact_id) SELECT id FROM ${created}`);
  const contribution = db
    .$with("contribution", {})
    .as(sql`INSERT INTO ${contributions} (contact_id) SELECT id FROM ${created}`);
  return db
    .with(existing, created, profile, contribution)
    .select({ id: sql<string>`found.id` })
    .from(sql`(SELECT id FROM ${existing} UNION ALL SELECT id FROM ${created}) AS found`)
    .prepare("responses_guest_contact");
}

const guestContactByDb = new WeakMap<Db, ReturnType<typeof prepareGuestContact>>();

export async function findOrInsertGuestContact(db: Db, guest: GuestContact): Promise<string | undefined> {
  let statement = guestContactByDb.get(db);
  if (!statement) {
    statement = prepareGuestContact(db);
    guestContactByDb.set(db, statement);
  }
  const [row] = await statement.execute({ ...guest, joined: guest.joined.toISOString() });
  return row?.id;
}

/** Writes the sample data's contacts with their profiles, empty contribution rows and roles. */
export async function insertSampleContacts(
  db: Db,
  rows: {
    contacts: (typeof contacts.$inferInsert)[];
    profiles: (typeof contactProfiles.$inferInsert)[];
    roles: (typeof contactRoles.$inferInsert)[];
  },
): Promise<void> {
  await db.insert(contacts).values(rows.contacts);
  await db.insert(contactProfiles).values(rows.profiles);
  await db.insert(contributions).values(rows.contacts.map((contact) => ({ contactId: contact.id })));
  if (rows.roles.length) await db.insert(contactRoles).values(rows.roles);
}

/** Deletes the contacts `ids` selects (their profiles, roles, contributions and tag assignments go with them). */
export async function deleteContactsIn(db: Db, ids: SQL): Promise<void> {
  await db.delete(contacts).where(sql`${contacts.id} IN (${ids})`);
}
