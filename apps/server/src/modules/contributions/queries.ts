import type { PaymentStatus } from "@cohort/common/payments";
import { and, desc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  contactRoles,
  contacts,
  contributionReasons,
  contributions,
  paymentFlows,
  payments,
} from "../../db/schema/index.js";

export type PaymentFlowRow = typeof paymentFlows.$inferSelect;
export type ContributionContactRow = typeof contacts.$inferSelect;
export type ContributionRow = typeof contributions.$inferSelect;
export type MemberRoleRow = typeof contactRoles.$inferSelect;
export type ContributionReasonRow = typeof contributionReasons.$inferSelect;

export async function insertPaymentFlow(db: Db, flow: typeof paymentFlows.$inferInsert): Promise<void> {
  await db.insert(paymentFlows).values(flow);
}

/** A flow by the provider's id for it (provider flow ids do not repeat across providers in practice). */
export async function findPaymentFlow(db: Db, providerFlowId: string): Promise<PaymentFlowRow | undefined> {
  const [row] = await db.select().from(paymentFlows).where(eq(paymentFlows.providerFlowId, providerFlowId)).limit(1);
  return row;
}

/** Marks a flow completed; undefined when it already was (a second completion). */
export async function claimPaymentFlow(db: Db, id: string, now: Date): Promise<PaymentFlowRow | undefined> {
  const [row] = await db
    .update(paymentFlows)
    .set({ completedAt: now })
    .where(and(eq(paymentFlows.id, id), isNull(paymentFlows.completedAt)))
    .returning();
  return row;
}

/** Stores the person's choice on an open flow of the test provider as `form.testOutcome`, where the provider reads it back. */
export async function recordTestOutcome(db: Db, flowId: string, outcome: string): Promise<void> {
  await db
    .update(paymentFlows)
    .set({ form: sql`${paymentFlows.form} || jsonb_build_object('testOutcome', ${outcome}::text)` })
    .where(and(eq(paymentFlows.id, flowId), eq(paymentFlows.provider, "test"), isNull(paymentFlows.completedAt)));
}

export async function findContact(db: Db, contactId: string): Promise<ContributionContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, contactId)).limit(1);
  return row;
}

export async function findContribution(db: Db, contactId: string): Promise<ContributionRow | undefined> {
  const [row] = await db.select().from(contributions).where(eq(contributions.contactId, contactId)).limit(1);
  return row;
}

export function findRoles(db: Db, contactId: string): Promise<MemberRoleRow[]> {
  return db.select().from(contactRoles).where(eq(contactRoles.contactId, contactId));
}

export async function insertContributionReason(db: Db, row: typeof contributionReasons.$inferInsert): Promise<void> {
  await db.insert(contributionReasons).values(row);
}

/** The reason given most recently by this contact, for a cancellation or a pause. */
export async function findLatestReason(db: Db, contactId: string): Promise<ContributionReasonRow | undefined> {
  const [row] = await db
    .select()
    .from(contributionReasons)
    .where(eq(contributionReasons.contactId, contactId))
    .orderBy(desc(contributionReasons.createdAt))
    .limit(1);
  return row;
}

/** Contributions whose latest pause has ended but that the scheduled check has not yet resumed. */
export function findEndedPauses(db: Db, now: Date): Promise<ContributionRow[]> {
  return db
    .select()
    .from(contributions)
    .where(
      and(
        isNotNull(contributions.pausedUntil),
        lte(contributions.pausedUntil, now),
        isNull(contributions.resumedAt),
        isNull(contributions.cancelledAt),
      ),
    )
    .limit(500);
}

/** True when a payment of the contact is still being collected. */
export async function hasPendingPayment(db: Db, contactId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.contactId, contactId), eq(payments.status, "pending" satisfies PaymentStatus)))
    .limit(1);
  return row !== undefined;
}
