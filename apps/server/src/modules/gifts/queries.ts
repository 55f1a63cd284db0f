import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { paymentFlows, payments } from "../../db/schema/index.js";

export type GiftFlowRow = typeof paymentFlows.$inferSelect;

/** Holds, until the transaction ends, the right to make a contact for this address. */
export async function lockGiverAddress(db: Db, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`giver:${email.trim().toLowerCase()}`}))`);
}

/** A gift's payment flow by our id, at the provider that reported its payment. */
export async function findGiftFlow(db: Db, provider: string, flowId: string): Promise<GiftFlowRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentFlows)
    .where(
      and(
        sql`${paymentFlows.id}::text = ${flowId}`,
        eq(paymentFlows.provider, provider),
        eq(paymentFlows.purpose, "gift"),
      ),
    )
    .limit(1);
  return row;
}

/** A gift's payment flow by the provider's id for it (the `paymentFlowId` the browser comes back with). */
export async function findGiftFlowByProviderFlow(db: Db, providerFlowId: string): Promise<GiftFlowRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentFlows)
    .where(and(eq(paymentFlows.providerFlowId, providerFlowId), eq(paymentFlows.purpose, "gift")))
    .limit(1);
  return row;
}

/** The gift payment a provider reported, with its payer. */
export async function findGiftPayment(db: Db, provider: string, providerPaymentId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.providerPaymentId, providerPaymentId),
        eq(payments.kind, "gift"),
      ),
    )
    .limit(1);
  return row;
}
