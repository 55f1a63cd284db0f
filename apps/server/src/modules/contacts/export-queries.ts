import { and, asc, eq, gt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contactProfiles, contactRoles, contacts, contributions } from "../../db/schema/index.js";

export interface ExportCursor {
  joined: Date;
  id: string;
}

/** The next batch of matching contacts after `cursor`, in (joined, id) order. */
export function findExportBatch(db: Db, where: SQL, cursor: ExportCursor | null, size: number) {
  const after = cursor
    ? or(gt(contacts.joined, cursor.joined), and(eq(contacts.joined, cursor.joined), gt(contacts.id, cursor.id)))
    : sql`TRUE`;
  return db
    .select({ contact: contacts, profile: contactProfiles, contribution: contributions, memberRole: contactRoles })
    .from(contacts)
    .leftJoin(contactProfiles, eq(contactProfiles.contactId, contacts.id))
    .leftJoin(contributions, eq(contributions.contactId, contacts.id))
    .leftJoin(contactRoles, and(eq(contactRoles.contactId, contacts.id), eq(contactRoles.role, "member")))
    .where(and(where, after))
    .orderBy(asc(contacts.joined), asc(contacts.id))
    .limit(size);
}
