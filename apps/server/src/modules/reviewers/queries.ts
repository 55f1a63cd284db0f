import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { calloutReviewers, contacts } from "../../db/schema/index.js";

export type ReviewerRow = typeof calloutReviewers.$inferSelect;

export async function listReviewers(db: Db, calloutId: string): Promise<ReviewerRow[]> {
  return db
    .select()
    .from(calloutReviewers)
    .where(eq(calloutReviewers.calloutId, calloutId))
    .orderBy(asc(calloutReviewers.createdAt), asc(calloutReviewers.id));
}

/** A reviewer of this callout, by the reviewer's id or the contact's id. */
export async function findReviewer(db: Db, calloutId: string, idOrContactId: string): Promise<ReviewerRow | undefined> {
  const [row] = await db
    .select()
    .from(calloutReviewers)
    .where(
      and(
        eq(calloutReviewers.calloutId, calloutId),
        or(eq(calloutReviewers.id, idOrContactId), eq(calloutReviewers.contactId, idOrContactId)),
      ),
    )
    .limit(1);
  return row;
}

/** Adds a reviewer, or returns the existing one: a contact reviews a callout at most once. */
export async function addReviewer(db: Db, row: ReviewerRow): Promise<ReviewerRow> {
  const [inserted] = await db.insert(calloutReviewers).values(row).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const existing = await findReviewer(db, row.calloutId, row.contactId);
  return existing!;
}

export async function deleteReviewer(db: Db, id: string): Promise<void> {
  await db.delete(calloutReviewers).where(eq(calloutReviewers.id, id));
}

export async function contactExists(db: Db, contactId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(contacts)
    .where(eq(contacts.id, contactId))
    .limit(1);
  return rows.length > 0;
}

/** Writes reviewers chosen elsewhere as they are (the sample callouts'). */
export async function insertReviewers(db: Db, rows: (typeof calloutReviewers.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(calloutReviewers).values(rows);
}
