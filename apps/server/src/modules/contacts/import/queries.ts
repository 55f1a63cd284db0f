import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.js";
import {
  contactProfiles,
  contactRoles,
  contactTagAssignments,
  contactTags,
  contacts,
  contributions,
} from "../../../db/schema/index.js";
import { chunks } from "../../../db/chunks.js";

/**
 * Contact ids by email. PostgreSQL may answer `email = …` through the trigram
 * index (kept for searching) and recheck thousands of similar addresses per
 * value: 11–16 s for 1,000 emails among 5,000–8,000 contacts, depending on the
 * statistics of the moment. A GIN index is read only by bitmap scans, so
 * turning those off for this one read leaves the unique index: about 1 ms.
 */
export async function findIdsByEmail(db: Db, emails: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (emails.length === 0) return found;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    for (const part of chunks(emails, 1000)) {
      const rows = await tx
        .select({ id: contacts.id, email: contacts.email })
        .from(sql`jsonb_array_elements_text(${JSON.stringify(part)}::jsonb) AS wanted(email)`)
        .innerJoin(contacts, sql`${contacts.email} = wanted.email`);
      for (const row of rows) found.set(row.email, row.id);
    }
  });
  return found;
}

/** Tag ids by lower-cased name, for the names given. */
export async function findTagIdsByName(db: Db, names: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (names.length === 0) return found;
  const rows = await db
    .select({ id: contactTags.id, name: contactTags.name })
    .from(contactTags)
    .where(
      inArray(
        sql`lower(${contactTags.name})`,
        names.map((name) => name.toLowerCase()),
      ),
    );
  for (const row of rows) found.set(row.name.toLowerCase(), row.id);
  return found;
}

export async function insertContacts(
  db: Db,
  rows: { contact: typeof contacts.$inferInsert; profile: typeof contactProfiles.$inferInsert }[],
): Promise<void> {
  for (const part of chunks(rows)) {
    await db.insert(contacts).values(part.map((row) => row.contact));
    await db.insert(contactProfiles).values(part.map((row) => row.profile));
    await db.insert(contributions).values(part.map((row) => ({ contactId: row.contact.id })));
  }
}

export interface ExistingContactChanges {
  id: string;
  firstname?: string | undefined;
  lastname?: string | undefined;
  telephone?: string | undefined;
  newsletter_status?: string | undefined;
  newsletter_groups?: string[] | undefined;
  delivery_opt_in?: boolean | undefined;
  delivery_address?: { line1: string; line2: string; city: string; postcode: string } | undefined;
  notes?: string | undefined;
}

/**
 * Updates many contacts in one statement per table: fields left out keep
 * their value (the JSON record has no key, so it reads as NULL).
 */
export async function updateContactsFromImport(db: Db, changes: ExistingContactChanges[]): Promise<void> {
  for (const part of chunks(changes)) {
    const json = JSON.stringify(part);
    await db.execute(sql`
      UPDATE ${contacts} AS c SET
        firstname = coalesce(j.firstname, c.firstname),
        lastname = coalesce(j.lastname, c.lastname)
      FROM jsonb_to_recordset(${json}::jsonb) AS j(id uuid, firstname text, lastname text)
      WHERE c.id = j.id`);
    await db.execute(sql`
      UPDATE ${contactProfiles} AS p SET
        telephone = coalesce(j.telephone, p.telephone),
        newsletter_status = coalesce(j.newsletter_status, p.newsletter_status),
        newsletter_groups = coalesce(j.newsletter_groups, p.newsletter_groups),
        delivery_opt_in = coalesce(j.delivery_opt_in, p.delivery_opt_in),
        delivery_address = coalesce(j.delivery_address, p.delivery_address),
        notes = coalesce(j.notes, p.notes)
      FROM jsonb_to_recordset(${json}::jsonb) AS j(
        id uuid, telephone text, newsletter_status text, newsletter_groups jsonb,
        delivery_opt_in boolean, delivery_address jsonb, notes text)
      WHERE p.contact_id = j.id`);
  }
}

export async function upsertMemberRoles(
  db: Db,
  roles: { contact_id: string; date_added: string; date_expires: string | null }[],
  savedAt: Date,
): Promise<void> {
  for (const part of chunks(roles)) {
    await db.execute(sql`
      INSERT INTO contact_roles (contact_id, role, date_added, date_expires, saved_at)
      SELECT j.contact_id, 'member', j.date_added, j.date_expires, ${savedAt.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(part)}::jsonb) AS j(contact_id uuid, date_added timestamptz, date_expires timestamptz)
      ON CONFLICT (contact_id, role) DO UPDATE
      SET date_added = excluded.date_added, date_expires = excluded.date_expires, saved_at = excluded.saved_at`);
  }
}

/** The member roles of the given contacts, by contact id. */
export async function findMemberRoles(
  db: Db,
  contactIds: string[],
): Promise<Map<string, { dateAdded: Date; dateExpires: Date | null }>> {
  const found = new Map<string, { dateAdded: Date; dateExpires: Date | null }>();
  for (const part of chunks(contactIds, 1000)) {
    const rows = await db
      .select({
        contactId: contactRoles.contactId,
        dateAdded: contactRoles.dateAdded,
        dateExpires: contactRoles.dateExpires,
      })
      .from(contactRoles)
      .where(and(eq(contactRoles.role, "member"), inArray(contactRoles.contactId, part)));
    for (const { contactId, ...dates } of rows) found.set(contactId, dates);
  }
  return found;
}

/**
 * The `data` of `membership.started` (or, `ended`, `membership.ended` at `now`
 * unless the role expired before) for the member roles of the given contacts.
 */
export function membershipEventData(transition: "started" | "ended", contactIds: string[], now: Date): SQL {
  const iso = (value: SQL) => sql`to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const data =
    transition === "started"
      ? sql`jsonb_build_object('contactId', ${contactRoles.contactId}, 'dateAdded', ${iso(sql`${contactRoles.dateAdded}`)},
          'dateExpires', ${iso(sql`${contactRoles.dateExpires}`)})`
      : sql`jsonb_build_object('contactId', ${contactRoles.contactId},
          'dateExpires', ${iso(sql`LEAST(${contactRoles.dateExpires}, ${now.toISOString()}::timestamptz)`)})`;
  return sql`SELECT ${data} AS data FROM ${contactRoles}
    WHERE ${contactRoles.role} = 'member' AND ${inArray(contactRoles.contactId, contactIds)}
    ORDER BY ${contactRoles.contactId}`;
}

/** What an import may change on an existing contact, as it is now. */
export interface ImportTarget {
  id: string;
  firstname: string;
  lastname: string;
  telephone: string;
  newsletterStatus: string;
  newsletterGroups: string[];
  deliveryOptIn: boolean;
  deliveryAddress: { line1: string; line2?: string; city: string; postcode: string } | null;
  notes: string;
  memberSince: Date | null;
  memberUntil: Date | null;
  tags: string[];
}

/** The current values of the given contacts, by id, for showing what an import would change. */
export async function findImportTargets(db: Db, ids: string[]): Promise<Map<string, ImportTarget>> {
  const found = new Map<string, ImportTarget>();
  for (const part of chunks(ids, 1000)) {
    const rows = await db
      .select({
        id: contacts.id,
        firstname: contacts.firstname,
        lastname: contacts.lastname,
        telephone: contactProfiles.telephone,
        newsletterStatus: contactProfiles.newsletterStatus,
        newsletterGroups: contactProfiles.newsletterGroups,
        deliveryOptIn: contactProfiles.deliveryOptIn,
        deliveryAddress: contactProfiles.deliveryAddress,
        notes: contactProfiles.notes,
        memberSince: contactRoles.dateAdded,
        memberUntil: contactRoles.dateExpires,
      })
      .from(contacts)
      .leftJoin(contactProfiles, eq(contactProfiles.contactId, contacts.id))
      .leftJoin(contactRoles, and(eq(contactRoles.contactId, contacts.id), eq(contactRoles.role, "member")))
      .where(inArray(contacts.id, part));
    for (const row of rows) {
      found.set(row.id, {
        ...row,
        telephone: row.telephone ?? "",
        newsletterStatus: row.newsletterStatus ?? "none",
        newsletterGroups: row.newsletterGroups ?? [],
        deliveryOptIn: row.deliveryOptIn ?? false,
        notes: row.notes ?? "",
        tags: [],
      });
    }
    const tags = await db
      .select({ contactId: contactTagAssignments.contactId, name: contactTags.name })
      .from(contactTagAssignments)
      .innerJoin(contactTags, eq(contactTags.id, contactTagAssignments.tagId))
      .where(inArray(contactTagAssignments.contactId, part))
      .orderBy(asc(contactTags.name));
    for (const tag of tags) found.get(tag.contactId)?.tags.push(tag.name);
  }
  return found;
}
