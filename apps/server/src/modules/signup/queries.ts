import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { joinFlows, paymentFlows } from "../../db/schema/index.js";

export type JoinFlowRow = typeof joinFlows.$inferSelect;
export type PaymentFlowRow = typeof paymentFlows.$inferSelect;

export async function insertJoinFlow(db: Db, flow: typeof joinFlows.$inferInsert): Promise<void> {
  await db.insert(joinFlows).values(flow);
}

/** A join flow not yet confirmed and created after `since`. */
export async function findOpenJoinFlow(db: Db, id: string, since: Date): Promise<JoinFlowRow | undefined> {
  const [row] = await db
    .select()
    .from(joinFlows)
    .where(and(eq(joinFlows.id, id), isNull(joinFlows.confirmedAt), gt(joinFlows.createdAt, since)))
    .limit(1);
  return row;
}

/** The open join flow behind a provider's flow id, with its payment flow. */
export async function findOpenJoinFlowByProviderFlow(db: Db, providerFlowId: string, since: Date) {
  const [row] = await db
    .select({ joinFlow: joinFlows, paymentFlow: paymentFlows })
    .from(joinFlows)
    .innerJoin(paymentFlows, eq(paymentFlows.id, joinFlows.paymentFlowId))
    .where(
      and(
        eq(paymentFlows.providerFlowId, providerFlowId),
        eq(paymentFlows.purpose, "join"),
        isNull(joinFlows.confirmedAt),
        gt(joinFlows.createdAt, since),
      ),
    )
    .limit(1);
  return row;
}

export async function findPaymentFlow(db: Db, id: string): Promise<PaymentFlowRow | undefined> {
  const [row] = await db.select().from(paymentFlows).where(eq(paymentFlows.id, id)).limit(1);
  return row;
}

export async function updateJoinFlow(
  db: Db,
  id: string,
  changes: Partial<Pick<JoinFlowRow, "firstname" | "lastname" | "vatNumber" | "paymentFlowId" | "createdAt">>,
): Promise<void> {
  await db.update(joinFlows).set(changes).where(eq(joinFlows.id, id));
}

export async function deleteJoinFlow(db: Db, id: string): Promise<void> {
  await db.delete(joinFlows).where(eq(joinFlows.id, id));
}

/** Marks the flow confirmed; false when it already was (each link works once). */
export async function claimJoinFlow(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(joinFlows)
    .set({ confirmedAt: now })
    .where(and(eq(joinFlows.id, id), isNull(joinFlows.confirmedAt)))
    .returning({ id: joinFlows.id });
  return rows.length > 0;
}

export async function releaseJoinFlow(db: Db, id: string): Promise<void> {
  await db.update(joinFlows).set({ confirmedAt: null }).where(eq(joinFlows.id, id));
}
