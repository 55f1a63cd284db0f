import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { CSV_LIST_SEPARATOR } from "@cohort/common/contacts";
import type { Db } from "../../db/client.js";
import {
  contactProfiles,
  contactRoles,
  contactTagAssignments,
  contactTags,
  contacts,
  contributions,
} from "../../db/schema/index.js";

export interface ExportCursor {
  /** `joined` exactly as the database holds it (microseconds included). */
  joined: string;
  id: string;
}

/** A timestamp as ISO 8601 UTC text with milliseconds, like the API sends dates. */
const isoText = (column: SQL | typeof contacts.joined) =>
  sql<string | null>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const addressPart = (part: string) => sql<string | null>`${contactProfiles.deliveryAddress} ->> ${part}`;

/**
 * The next batch of matching contacts after `cursor`, in (joined, id) order,
 * with only the columns the export writes, already formatted as text where
 * that saves work on the way out.
 */
export function findExportBatch(db: Db, where: SQL, cursor: ExportCursor | null, size: number) {
  // A row comparison, so the (joined, id) index serves each batch directly.
  const after = cursor
    ? sql`(${contacts.joined}, ${contacts.id}) > (${cursor.joined}::timestamptz, ${cursor.id}::uuid)`
    : sql`TRUE`;
  return db
    .select({
      id: contacts.id,
      email: contacts.email,
      firstname: contacts.firstname,
      lastname: contacts.lastname,
      joined: isoText(contacts.joined),
      joinedExact: sql<string>`${contacts.joined}::text`,
      contributionType: contacts.contributionType,
      contributionAmount: contacts.contributionAmount,
      contributionPeriod: contacts.contributionPeriod,
      cancelledAt: isoText(sql`${contributions.cancelledAt}`),
      memberSince: isoText(sql`${contactRoles.dateAdded}`),
      memberUntil: isoText(sql`${contactRoles.dateExpires}`),
      newsletterStatus: contactProfiles.newsletterStatus,
      newsletterGroups: sql<
        string | null
      >`(SELECT string_agg(value, ${CSV_LIST_SEPARATOR}) FROM jsonb_array_elements_text(${contactProfiles.newsletterGroups}))`,
      deliveryOptIn: contactProfiles.deliveryOptIn,
      line1: addressPart("line1"),
      line2: addressPart("line2"),
      city: addressPart("city"),
      postcode: addressPart("postcode"),
      telephone: contactProfiles.telephone,
      tagNames: sql<
        string | null
      >`(SELECT string_agg(${contactTags.name}, ${CSV_LIST_SEPARATOR} ORDER BY ${contactTags.name}) FROM ${contactTagAssignments} JOIN ${contactTags} ON ${contactTags.id} = ${contactTagAssignments.tagId} WHERE ${contactTagAssignments.contactId} = ${contacts.id})`,
    })
    .from(contacts)
    .leftJoin(contactProfiles, eq(contactProfiles.contactId, contacts.id))
    .leftJoin(contributions, eq(contributions.contactId, contacts.id))
    .leftJoin(contactRoles, and(eq(contactRoles.contactId, contacts.id), eq(contactRoles.role, "member")))
    .where(and(where, after))
    .orderBy(asc(contacts.joined), asc(contacts.id))
    .limit(size);
}
