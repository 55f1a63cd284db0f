import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { ContactSortField } from "@cohort/common/filters";
import type { Db } from "../../../db/client.js";
import {
  calloutReviewers,
  contactProfiles,
  contactRoles,
  contactTagAssignments,
  contactTags,
  contacts,
  contributions,
} from "../../../db/schema/index.js";
import { monthlyAmountSql } from "./filter-queries.js";
import { countMatching } from "../bulk/queries.js";
import type { RoleRow } from "../queries.js";

const memberRoleColumn = (column: "date_added" | "date_expires") =>
  sql.raw(`(SELECT r.${column} FROM contact_roles r WHERE r.contact_id = contacts.id AND r.role = 'member')`);

/** Sort expressions; empty names and missing dates always sort last. */
function sortExpression(field: ContactSortField, order: "ASC" | "DESC"): SQL {
  const direction = sql.raw(order);
  switch (field) {
    case "firstname":
      return sql`NULLIF(${contacts.firstname}, '') ${direction} NULLS LAST`;
    case "lastname":
      return sql`NULLIF(${contacts.lastname}, '') ${direction} NULLS LAST`;
    case "email":
      return sql`${contacts.email} ${direction}`;
    case "joined":
      return sql`${contacts.joined} ${direction}`;
    case "lastSeen":
      return sql`${contacts.lastSeen} ${direction} NULLS LAST`;
    case "contributionMonthlyAmount":
      return sql`${monthlyAmountSql} ${direction} NULLS LAST`;
    case "membershipStarts":
      return sql`${memberRoleColumn("date_added")} ${direction} NULLS LAST`;
    case "membershipExpires":
      return sql`coalesce(${memberRoleColumn("date_expires")}, '-infinity'::timestamptz) ${direction}`;
  }
}

/** The one contact with this id; with none, nobody. */
export const onlyContact = (contactId: string | null): SQL => sql`${contacts.id} = ${contactId}::uuid`;

export interface ContactPageQuery {
  where: SQL;
  sort: ContactSortField | undefined;
  order: "ASC" | "DESC";
  limit: number;
  offset: number;
}

/** One page of contacts with their profile and contribution rows, and the total that match. */
export async function findContactPage(db: Db, query: ContactPageQuery) {
  const base = () =>
    db
      .select({ contact: contacts, profile: contactProfiles, contribution: contributions })
      .from(contacts)
      .leftJoin(contactProfiles, eq(contactProfiles.contactId, contacts.id))
      .leftJoin(contributions, eq(contributions.contactId, contacts.id))
      .where(query.where);
  const ordering = query.sort ? [sortExpression(query.sort, query.order), asc(contacts.id)] : [asc(contacts.id)];
  const [rows, total] = await Promise.all([
    base()
      .orderBy(...ordering)
      .limit(query.limit)
      .offset(query.offset),
    countMatching(db, query.where),
  ]);
  return { rows, total };
}

export async function findRolesOf(db: Db, contactIds: string[]): Promise<Map<string, RoleRow[]>> {
  const byContact = new Map<string, RoleRow[]>(contactIds.map((id) => [id, []]));
  if (contactIds.length === 0) return byContact;
  const rows = await db
    .select()
    .from(contactRoles)
    .where(inArray(contactRoles.contactId, contactIds))
    .orderBy(asc(contactRoles.role));
  for (const row of rows) byContact.get(row.contactId)?.push(row);
  return byContact;
}

export async function findTagsOf(db: Db, contactIds: string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const byContact = new Map<string, { id: string; name: string }[]>(contactIds.map((id) => [id, []]));
  if (contactIds.length === 0) return byContact;
  const rows = await db
    .select({ contactId: contactTagAssignments.contactId, id: contactTags.id, name: contactTags.name })
    .from(contactTagAssignments)
    .innerJoin(contactTags, eq(contactTags.id, contactTagAssignments.tagId))
    .where(inArray(contactTagAssignments.contactId, contactIds))
    .orderBy(asc(contactTags.name));
  for (const row of rows) byContact.get(row.contactId)?.push({ id: row.id, name: row.name });
  return byContact;
}

/** Which of these contacts review at least one callout. */
export async function findCalloutReviewers(db: Db, contactIds: string[]): Promise<Set<string>> {
  if (contactIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ contactId: calloutReviewers.contactId })
    .from(calloutReviewers)
    .where(inArray(calloutReviewers.contactId, contactIds));
  return new Set(rows.map((row) => row.contactId));
}
