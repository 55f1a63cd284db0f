import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { openEpisodeStatuses } from "@cohort/common/recovery";
import type { Db } from "../../db/client.js";
import {
  contacts,
  contributions,
  paymentEpisodes,
  payments,
  providerEvents,
  resetFlows,
} from "../../db/schema/index.js";

export type EpisodeRow = typeof paymentEpisodes.$inferSelect;

/** The episode of one provider payment, locked for the rest of the transaction. */
export async function lockEpisode(
  db: Db,
  provider: string,
  providerPaymentId: string,
): Promise<EpisodeRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentEpisodes)
    .where(and(eq(paymentEpisodes.provider, provider), eq(paymentEpisodes.providerPaymentId, providerPaymentId)))
    .for("update");
  return row;
}

export async function findEpisode(db: Db, id: string): Promise<EpisodeRow | undefined> {
  const [row] = await db.select().from(paymentEpisodes).where(eq(paymentEpisodes.id, id));
  return row;
}

export async function lockEpisodeById(db: Db, id: string): Promise<EpisodeRow | undefined> {
  const [row] = await db.select().from(paymentEpisodes).where(eq(paymentEpisodes.id, id)).for("update");
  return row;
}

export async function insertEpisode(db: Db, row: typeof paymentEpisodes.$inferInsert): Promise<void> {
  await db.insert(paymentEpisodes).values(row);
}

export async function updateEpisode(db: Db, id: string, values: Partial<typeof paymentEpisodes.$inferInsert>) {
  await db.update(paymentEpisodes).set(values).where(eq(paymentEpisodes.id, id));
}

/**
 * Ends as recovered the contact's open episodes that began no later than
 * `paidAt`, and the episode of the paid payment itself even if it had lapsed;
 * answers how many ended.
 */
export async function recoverEpisodes(
  db: Db,
  input: { contactId: string; provider: string; providerPaymentId: string; paidAt: Date; now: Date },
): Promise<number> {
  const rows = await db
    .update(paymentEpisodes)
    .set({
      status: "recovered",
      endedAt: sql`greatest(${paymentEpisodes.startedAt}, ${input.paidAt})`,
      updatedAt: input.now,
    })
    .where(
      and(
        eq(paymentEpisodes.contactId, input.contactId),
        or(
          and(inArray(paymentEpisodes.status, [...openEpisodeStatuses]), lte(paymentEpisodes.startedAt, input.paidAt)),
          and(
            inArray(paymentEpisodes.status, [...openEpisodeStatuses, "lapsed"]),
            eq(paymentEpisodes.provider, input.provider),
            eq(paymentEpisodes.providerPaymentId, input.providerPaymentId),
          ),
        ),
      ),
    )
    .returning({ id: paymentEpisodes.id });
  return rows.length;
}

/** Ends the contact's open episodes as lapsed (the provider gave up). */
export async function lapseEpisodesOf(db: Db, contactId: string, now: Date): Promise<void> {
  await db
    .update(paymentEpisodes)
    .set({ status: "lapsed", endedAt: sql`least(${paymentEpisodes.graceUntil}, ${now})`, updatedAt: now })
    .where(and(eq(paymentEpisodes.contactId, contactId), inArray(paymentEpisodes.status, [...openEpisodeStatuses])));
}

/** Ends every open episode whose grace period is over as lapsed, at the end of its grace period. */
export async function lapseEpisodesDue(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(paymentEpisodes)
    .set({ status: "lapsed", endedAt: paymentEpisodes.graceUntil, updatedAt: now })
    .where(and(inArray(paymentEpisodes.status, [...openEpisodeStatuses]), lte(paymentEpisodes.graceUntil, now)))
    .returning({ id: paymentEpisodes.id });
  return rows.length;
}

/** Open episodes that have not had their reminder yet, oldest first. */
export async function episodesAwaitingReminder(db: Db, limit: number): Promise<EpisodeRow[]> {
  return db
    .select()
    .from(paymentEpisodes)
    .where(and(inArray(paymentEpisodes.status, [...openEpisodeStatuses]), isNull(paymentEpisodes.reminderSentAt)))
    .orderBy(asc(paymentEpisodes.graceUntil))
    .limit(limit);
}

/**
 * Whether one of the contact's contribution payments was collected after
 * `since` (so a failure before it is settled); a one-time gift settles none.
 */
export async function hasSuccessSince(db: Db, contactId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.contactId, contactId),
        eq(payments.kind, "contribution"),
        eq(payments.status, "successful"),
        gt(payments.chargeDate, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function episodesOf(db: Db, contactId: string): Promise<EpisodeRow[]> {
  return db
    .select()
    .from(paymentEpisodes)
    .where(eq(paymentEpisodes.contactId, contactId))
    .orderBy(desc(paymentEpisodes.startedAt))
    .limit(50);
}

/** The episodes of the given provider payments, to show beside them. */
export async function episodesOfPayments(
  db: Db,
  keys: { provider: string; providerPaymentId: string }[],
): Promise<EpisodeRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(paymentEpisodes)
    .where(
      or(
        ...keys.map((key) =>
          and(eq(paymentEpisodes.provider, key.provider), eq(paymentEpisodes.providerPaymentId, key.providerPaymentId)),
        ),
      ),
    );
}

/** The live update-payment link with its episode and contact. */
export async function findLink(db: Db, linkId: string, now: Date) {
  const [row] = await db
    .select({ episode: paymentEpisodes, firstname: contacts.firstname, contribution: contributions })
    .from(resetFlows)
    .innerJoin(paymentEpisodes, eq(paymentEpisodes.linkId, resetFlows.id))
    .innerJoin(contacts, eq(contacts.id, resetFlows.contactId))
    .leftJoin(contributions, eq(contributions.contactId, resetFlows.contactId))
    .where(and(eq(resetFlows.id, linkId), eq(resetFlows.type, "payment"), gt(resetFlows.expiresAt, now)))
    .limit(1);
  return row;
}

/** Whether a link still works (not used, not expired). */
export async function isLinkLive(db: Db, linkId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: resetFlows.id })
    .from(resetFlows)
    .where(and(eq(resetFlows.id, linkId), gt(resetFlows.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

/** Recovered and lapsed episodes that ended within [from, to), per month (UTC) of their end. */
export async function endedEpisodesByMonth(db: Db, from: Date, to: Date) {
  const month = sql<string>`to_char(${paymentEpisodes.endedAt} at time zone 'UTC', 'YYYY-MM')`;
  return db
    .select({
      month,
      status: paymentEpisodes.status,
      amount: sql<number>`coalesce(sum(${paymentEpisodes.monthlyAmount}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(paymentEpisodes)
    .where(
      and(
        inArray(paymentEpisodes.status, ["recovered", "lapsed"]),
        gte(paymentEpisodes.endedAt, from),
        lt(paymentEpisodes.endedAt, to),
      ),
    )
    .groupBy(month, paymentEpisodes.status);
}

/** The payer of an episode: address, names, contribution and whether it was cancelled. */
export async function findPayer(db: Db, contactId: string) {
  const [row] = await db
    .select({
      email: contacts.email,
      firstname: contacts.firstname,
      lastname: contacts.lastname,
      contributionAmount: contacts.contributionAmount,
      contributionPeriod: contacts.contributionPeriod,
      cancelledAt: contributions.cancelledAt,
    })
    .from(contacts)
    .leftJoin(contributions, eq(contributions.contactId, contacts.id))
    .where(eq(contacts.id, contactId))
    .limit(1);
  return row;
}

/**
 * How many distinct failures of a payment the provider has reported (the
 * event being applied included): the attempt count of a provider that does
 * not number its attempts.
 */
export async function countFailureReports(db: Db, provider: string, providerPaymentId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(providerEvents)
    .where(
      and(
        eq(providerEvents.provider, provider),
        eq(providerEvents.providerPaymentId, providerPaymentId),
        eq(providerEvents.type, "payment"),
        or(sql`${providerEvents.payload}->>'status' = 'failed'`, sql`${providerEvents.payload} ? 'failure'`),
      ),
    );
  return row?.count ?? 0;
}
