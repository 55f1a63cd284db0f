import { and, eq, isNull } from "drizzle-orm";
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
