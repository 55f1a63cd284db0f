import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PaymentStatus } from "@cohort/common/payments";
import { chunks } from "../../db/chunks.js";
import type { Db } from "../../db/client.js";
import { contacts, contributions, payments, providerEvents } from "../../db/schema/index.js";

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentContributionRow = typeof contributions.$inferSelect;

/** Records an event as applied; false when it was recorded before (a repeated delivery). */
export async function recordProviderEvent(db: Db, event: typeof providerEvents.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(providerEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: providerEvents.eventId });
  return rows.length > 0;
}

/**
 * Holds, until the transaction ends, the right to change one provider
 * payment, so that its payment and refund events (which may arrive at the
 * same moment on different server copies) are applied one after the other.
 */
export async function lockProviderPayment(db: Db, provider: string, providerPaymentId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${provider}:${providerPaymentId}`}))`);
}

/** The largest running total of refunds recorded for a provider payment (minor units), 0 when none. */
export async function recordedRefundTotal(db: Db, provider: string, providerPaymentId: string): Promise<number> {
  const [row] = await db
    .select({ refunded: sql<string | null>`max((${providerEvents.payload}->>'refundedMinor')::integer)` })
    .from(providerEvents)
    .where(
      and(
        eq(providerEvents.provider, provider),
        eq(providerEvents.providerPaymentId, providerPaymentId),
        eq(providerEvents.type, "payment-refunded"),
      ),
    );
  return Number(row?.refunded ?? 0);
}

/** The contribution a provider's customer, subscription or mandate belongs to. */
export async function findContributionByProviderIds(
  db: Db,
  provider: string,
  ids: { customerId?: string | null; subscriptionId?: string | null; mandateId?: string | null },
): Promise<PaymentContributionRow | undefined> {
  const matches: SQL[] = [];
  if (ids.subscriptionId) matches.push(eq(contributions.subscriptionId, ids.subscriptionId));
  if (ids.mandateId) matches.push(eq(contributions.mandateId, ids.mandateId));
  if (ids.customerId) matches.push(eq(contributions.customerId, ids.customerId));
  for (const match of matches) {
    const [row] = await db
      .select()
      .from(contributions)
      .where(and(eq(contributions.provider, provider), match))
      .limit(1);
    if (row) return row;
  }
  return undefined;
}

/** Inserts the payment unless it exists; returns the new row, or undefined when it was there. */
export async function insertPaymentIfNew(db: Db, row: typeof payments.$inferInsert): Promise<PaymentRow | undefined> {
  const [inserted] = await db.insert(payments).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The payment by provider id, locked until the transaction ends. */
export async function lockPayment(
  db: Db,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .for("update");
  return row;
}

export async function updatePayment(db: Db, id: string, changes: Partial<typeof payments.$inferInsert>): Promise<void> {
  await db.update(payments).set(changes).where(eq(payments.id, id));
}

export async function findContactForPayment(db: Db, contactId: string) {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, contactId)).limit(1);
  return row;
}

// ------------------------------------------------------------ lists

const sortColumns = { amount: payments.amount, chargeDate: payments.chargeDate } as const;

/** SQL for the payment filter fields; `amount` compares in major units, as on the wire. */
export const paymentFieldSql = {
  id: sql`${payments.id}::text`,
  contact: sql`${payments.contactId}`,
  chargeDate: sql`${payments.chargeDate}`,
  amount: sql`(${payments.amount}::numeric / 100)`,
  status: sql`${payments.status}`,
  kind: sql`${payments.kind}`,
};

/** The payments of one contact. */
export const paymentsOf = (contactId: string): SQL => sql`${paymentFieldSql.contact} = ${contactId}::uuid`;

export async function listPaymentRows(
  db: Db,
  options: {
    where: SQL | undefined;
    sort: keyof typeof sortColumns;
    order: "ASC" | "DESC";
    limit: number;
    offset: number;
  },
): Promise<{ rows: PaymentRow[]; total: number }> {
  const direction = options.order === "DESC" ? desc : asc;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(options.where)
      .orderBy(direction(sortColumns[options.sort]), direction(payments.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(payments).where(options.where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Count and sum (minor units) of the matching payments by status. */
export async function sumPaymentsByStatus(
  db: Db,
  where: SQL | undefined,
): Promise<{ status: PaymentStatus; count: number; amount: number }[]> {
  const rows = await db
    .select({ status: payments.status, count: count(), amount: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(where)
    .groupBy(payments.status);
  return rows.map((row) => ({ status: row.status, count: row.count, amount: Number(row.amount) }));
}

/** Names and addresses of the given contacts, for an export batch. */
export function contactNamesOf(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: contacts.id, email: contacts.email, firstname: contacts.firstname, lastname: contacts.lastname })
    .from(contacts)
    .where(inArray(contacts.id, ids));
}

export async function findPaymentById(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

/** Writes payments made elsewhere as they are (the sample data's). */
export async function insertPayments(db: Db, rows: (typeof payments.$inferInsert)[]): Promise<void> {
  for (const part of chunks(rows)) await db.insert(payments).values(part);
}

/** Deletes the payments of the contacts `contactIds` (a query of their ids) selects. */
export async function deletePaymentsOfContactsIn(db: Db, contactIds: SQL): Promise<void> {
  await db.delete(payments).where(sql`${payments.contactId} IN (${contactIds})`);
}
