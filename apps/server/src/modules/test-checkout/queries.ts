import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { paymentFlows } from "../../db/schema/index.js";

export type CheckoutFlowRow = typeof paymentFlows.$inferSelect;

/** An open flow of the built-in test provider. */
export async function findOpenTestFlow(db: Db, flowId: string): Promise<CheckoutFlowRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentFlows)
    .where(and(eq(paymentFlows.id, flowId), eq(paymentFlows.provider, "test"), isNull(paymentFlows.completedAt)))
    .limit(1);
  return row;
}

/** Stores the person's choice as `form.testOutcome`, where the test provider reads it back. */
export async function recordTestOutcome(db: Db, flowId: string, outcome: string): Promise<void> {
  await db
    .update(paymentFlows)
    .set({ form: sql`${paymentFlows.form} || jsonb_build_object('testOutcome', ${outcome}::text)` })
    .where(and(eq(paymentFlows.id, flowId), eq(paymentFlows.provider, "test"), isNull(paymentFlows.completedAt)));
}
