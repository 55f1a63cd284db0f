import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { paymentFlows } from "../../db/schema/index.js";

/** The flow a provider knows by its own id. */
export async function findProviderFlow(db: Db, provider: string, providerFlowId: string) {
  const [row] = await db
    .select()
    .from(paymentFlows)
    .where(and(eq(paymentFlows.provider, provider), eq(paymentFlows.providerFlowId, providerFlowId)))
    .limit(1);
  return row;
}
