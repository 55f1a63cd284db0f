import type { RoleType } from "@cohort/common/contacts";
import type { Locale } from "@cohort/common/i18n";
import type { SQL } from "drizzle-orm";
import type { AppContext } from "../../../context.js";
import { findRolesOf as findRolesOfContacts } from "../list/queries.js";
import * as queries from "../queries.js";
import * as records from "./queries.js";
import { emitEvent, emitEvents } from "../../webhooks/events.js";

/*
 * What other modules read of contacts and ask to change in them: the contacts module owns
 * contacts, their profiles, roles and contribution rows, and writes them for everyone
 * (decision 083). Each call works in `ctx.db`: pass `{ ...ctx, db: tx }` inside a transaction.
 */

type Ctx = Pick<AppContext, "db">;

/** Tells webhook endpoints about a contact as it is now (decision 069); call it in the change's transaction. */
export async function emitContactEvent(
  ctx: AppContext,
  type: "contact.created" | "contact.updated",
  contactId: string,
): Promise<void> {
  const row = await queries.findContactById(ctx.db, contactId);
  if (!row) return;
  await emitEvent(ctx, type, {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    joined: row.joined.toISOString(),
  });
}

/**
 * `emitContactEvent` for every contact `where` matches (a condition on the
 * contacts table), in one statement: bulk changes and imports.
 */
export async function emitContactEvents(
  ctx: Pick<AppContext, "db" | "clock">,
  type: "contact.created" | "contact.updated" | "contact.deleted",
  where: SQL,
): Promise<void> {
  await emitEvents(ctx, type, queries.contactEventData(type === "contact.deleted", where));
}

export type { ContactRow, RoleRow } from "../queries.js";
export type { ContactContributionFields, ContributionChanges, GuestContact } from "./queries.js";

export function findContactById(ctx: Ctx, id: string): Promise<queries.ContactRow | undefined> {
  return queries.findContactById(ctx.db, id);
}

export function findContactByEmail(ctx: Ctx, email: string): Promise<queries.ContactRow | undefined> {
  return queries.findContactByEmail(ctx.db, email);
}

/** Emails are stored lower-cased; the comparison ignores case all the same. */
export function findContactByEmailIgnoringCase(ctx: Ctx, email: string): Promise<queries.ContactRow | undefined> {
  return queries.findContactByEmailIgnoringCase(ctx.db, email);
}

export function findRoles(ctx: Ctx, contactId: string): Promise<queries.RoleRow[]> {
  return queries.findRoles(ctx.db, contactId);
}

/** The roles of each contact, by id (an empty list for one without any). */
export function findRolesOf(ctx: Ctx, contactIds: string[]): Promise<Map<string, queries.RoleRow[]>> {
  return findRolesOfContacts(ctx.db, contactIds);
}

/** How many contacts hold any of the roles at `now`. */
export function countActiveRoleHolders(ctx: Ctx, roles: RoleType[], now: Date): Promise<number> {
  return queries.countActiveRoleHolders(ctx.db, roles, now);
}

export function isActiveAdmin(ctx: Ctx, contactId: string, now: Date): Promise<boolean> {
  return queries.isActiveAdmin(ctx.db, contactId, now);
}

export function isActiveMember(ctx: Ctx, contactId: string, now: Date): Promise<boolean> {
  return queries.isActiveMember(ctx.db, contactId, now);
}

/** Creates a contact with its profile and contribution rows (empty ones unless given). */
export function insertContact(
  ctx: Ctx,
  contact: Parameters<typeof queries.insertContact>[1],
  profile?: Parameters<typeof queries.insertContact>[2],
  contribution?: Parameters<typeof queries.insertContact>[3],
): Promise<queries.ContactRow> {
  return queries.insertContact(ctx.db, contact, profile, contribution);
}

export function updateContact(
  ctx: Ctx,
  id: string,
  changes: Parameters<typeof queries.updateContact>[2],
): Promise<queries.ContactRow | undefined> {
  return queries.updateContact(ctx.db, id, changes);
}

export function updateProfile(
  ctx: Ctx,
  contactId: string,
  changes: Parameters<typeof queries.updateProfile>[2],
): Promise<void> {
  return queries.updateProfile(ctx.db, contactId, changes);
}

/** Gives the role, or moves its dates when the contact holds it already (`dateExpires` undefined keeps the end). */
export function saveRole(ctx: Ctx, role: Parameters<typeof records.saveRole>[1]): Promise<queries.RoleRow> {
  return records.saveRole(ctx.db, role);
}

/** Takes the role away; false when the contact did not hold it. */
export function removeRole(ctx: Ctx, contactId: string, role: RoleType): Promise<boolean> {
  return records.deleteRole(ctx.db, contactId, role);
}

/** Counts a failed password or code against the account's budget (see `records-queries.ts`). */
export function recordAccountFailure(
  ctx: Ctx,
  contactId: string,
  options: { now: Date; budget: number; periodEnd: Date },
): Promise<void> {
  return records.recordAccountFailure(ctx.db, contactId, options);
}

export function touchLastSeen(ctx: Ctx, contactId: string, now: Date): Promise<void> {
  return records.touchLastSeen(ctx.db, contactId, now);
}

/** Sets a new password, which also clears the count of failed attempts. */
export function setPassword(ctx: Ctx, contactId: string, passwordHash: string): Promise<void> {
  return records.setPassword(ctx.db, contactId, passwordHash);
}

export function setEmail(ctx: Ctx, contactId: string, email: string): Promise<void> {
  return records.setEmail(ctx.db, contactId, email);
}

/** Keeps the language a contact answered in as theirs, unless they have one already. */
export function rememberContactLocale(ctx: Ctx, contactId: string, locale: Locale): Promise<void> {
  return records.rememberContactLocale(ctx.db, contactId, locale);
}

/** The contact with the guest's email, created with empty profile and contribution rows when there is none. */
export function findOrInsertGuestContact(ctx: Ctx, guest: records.GuestContact): Promise<string | undefined> {
  return records.findOrInsertGuestContact(ctx.db, guest);
}

/** The contribution fields kept on the contact itself (type, period, amount). */
export function updateContactContribution(
  ctx: Ctx,
  contactId: string,
  changes: records.ContactContributionFields,
): Promise<void> {
  return records.updateContactContribution(ctx.db, contactId, changes);
}

/** Changes the contact's contribution row, creating it when there is none yet. */
export function saveContribution(ctx: Ctx, contactId: string, changes: records.ContributionChanges): Promise<void> {
  return records.saveContribution(ctx.db, contactId, changes);
}

/** Changes the contact's contribution row, when there is one. */
export function updateContribution(ctx: Ctx, contactId: string, changes: records.ContributionChanges): Promise<void> {
  return records.updateContribution(ctx.db, contactId, changes);
}

/** Adds a line to the staff's notes on the contact, once, and only while it fits. */
export function appendStaffNote(ctx: Ctx, contactId: string, line: string): Promise<void> {
  return records.appendStaffNote(ctx.db, contactId, line);
}

/** Writes the sample data's contacts, with their profiles, contribution rows and roles. */
export function insertSampleContacts(
  ctx: Ctx,
  rows: Parameters<typeof records.insertSampleContacts>[1],
): Promise<void> {
  return records.insertSampleContacts(ctx.db, rows);
}

/** Deletes the contacts `ids` (a query of their ids) selects, with everything that is theirs alone. */
export function deleteContactsIn(ctx: Ctx, ids: SQL): Promise<void> {
  return records.deleteContactsIn(ctx.db, ids);
}
