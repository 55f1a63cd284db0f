import { and, eq, gt, ne } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { resetFlows } from "../../db/schema/index.js";

export type ResetFlowRow = typeof resetFlows.$inferSelect;

export async function insertResetFlow(db: Db, flow: typeof resetFlows.$inferInsert): Promise<void> {
  await db.insert(resetFlows).values(flow);
}

export async function findLiveResetFlow(db: Db, id: string, now: Date): Promise<ResetFlowRow | undefined> {
  const [row] = await db
    .select()
    .from(resetFlows)
    .where(and(eq(resetFlows.id, id), gt(resetFlows.expiresAt, now)))
    .limit(1);
  return row;
}

/**
 * Removes every reset link of the contact (an update-payment link is not one:
 * it stays); false when `flowId` was already gone (used meanwhile).
 */
export async function deleteResetFlowsOf(db: Db, contactId: string, flowId: string): Promise<boolean> {
  const rows = await db
    .delete(resetFlows)
    .where(and(eq(resetFlows.contactId, contactId), ne(resetFlows.type, "payment")))
    .returning({ id: resetFlows.id });
  return rows.some((row) => row.id === flowId);
}

/** Removes the contact's links of one kind, or of every kind but update-payment links. */
export async function deleteResetFlowsOfContact(db: Db, contactId: string, type?: ResetFlowRow["type"]): Promise<void> {
  await db
    .delete(resetFlows)
    .where(
      type
        ? and(eq(resetFlows.contactId, contactId), eq(resetFlows.type, type))
        : and(eq(resetFlows.contactId, contactId), ne(resetFlows.type, "payment")),
    );
}

/** Uses up one link; false when it was already used (or never existed). */
export async function deleteResetFlow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(resetFlows).where(eq(resetFlows.id, id)).returning({ id: resetFlows.id });
  return rows.length > 0;
}

/** Uses up an update-payment link; false when it was already used. */
export async function deletePaymentLink(db: Db, linkId: string): Promise<boolean> {
  const rows = await db
    .delete(resetFlows)
    .where(and(eq(resetFlows.id, linkId), eq(resetFlows.type, "payment")))
    .returning({ id: resetFlows.id });
  return rows.length > 0;
}
