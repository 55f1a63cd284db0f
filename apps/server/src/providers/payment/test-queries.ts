import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { paymentFlows, providerEvents } from "../../db/schema/index.js";

/** The flow a provider knows by its own id. */
export async function findProviderFlow(db: Db, provider: string, providerFlowId: string) {
  const [row] = await db
    .select()
    .from(paymentFlows)
    .where(and(eq(paymentFlows.provider, provider), eq(paymentFlows.providerFlowId, providerFlowId)))
    .limit(1);
  return row;
}

/** The payment events recorded for one of a provider's subscriptions that collected (or are collecting) money. */
export async function findSubscriptionPayments(db: Db, provider: string, subscriptionId: string): Promise<unknown[]> {
  const rows = await db
    .select({ payload: providerEvents.payload })
    .from(providerEvents)
    .where(
      and(
        eq(providerEvents.provider, provider),
        eq(providerEvents.type, "payment"),
        sql`${providerEvents.payload}->>'subscriptionId' = ${subscriptionId}`,
        inArray(sql`${providerEvents.payload}->>'status'`, ["successful", "pending"]),
      ),
    )
    .limit(500);
  return rows.map((row) => row.payload);
}

/** The recorded event that reported one of the provider's payments failed, if any. */
export async function findFailedPayment(db: Db, provider: string, providerPaymentId: string): Promise<unknown> {
  const [row] = await db
    .select({ payload: providerEvents.payload })
    .from(providerEvents)
    .where(
      and(
        eq(providerEvents.provider, provider),
        eq(providerEvents.providerPaymentId, providerPaymentId),
        eq(providerEvents.type, "payment"),
        sql`${providerEvents.payload}->>'status' = 'failed'`,
      ),
    )
    .limit(1);
  return row?.payload;
}
