import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, lte, min, sql, type SQL } from "drizzle-orm";
import type { MailingKind, MailingStatus, RecipientStatus } from "@cohort/common/mailings";
import type { Db } from "../../db/client.js";
import {
  calloutResponses,
  contactProfiles,
  contacts,
  contributions,
  mailingRecipients,
  mailings,
  sendRates,
} from "../../db/schema/index.js";

export type MailingRow = typeof mailings.$inferSelect;
export type RecipientRow = typeof mailingRecipients.$inferSelect;

export async function insertMailing(db: Db, row: typeof mailings.$inferInsert): Promise<MailingRow> {
  const [inserted] = await db.insert(mailings).values(row).returning();
  return inserted!;
}

export async function findMailing(db: Db, id: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(mailings).where(eq(mailings.id, id)).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

export function listMailings(db: Db, limit: number): Promise<MailingRow[]> {
  return db.select().from(mailings).orderBy(desc(mailings.createdAt), desc(mailings.id)).limit(limit);
}

/** Changes a mailing only while it is in one of `inStatus`; answers the row, or undefined when it was not. */
export async function updateMailingIn(
  db: Db,
  id: string,
  inStatus: readonly MailingStatus[],
  changes: Partial<typeof mailings.$inferInsert>,
): Promise<MailingRow | undefined> {
  const [row] = await db
    .update(mailings)
    .set(changes)
    .where(and(eq(mailings.id, id), inArray(mailings.status, [...inStatus])))
    .returning();
  return row;
}

export async function deleteMailingIn(db: Db, id: string, inStatus: readonly MailingStatus[]): Promise<boolean> {
  const rows = await db
    .delete(mailings)
    .where(and(eq(mailings.id, id), inArray(mailings.status, [...inStatus])))
    .returning({ id: mailings.id });
  return rows.length > 0;
}

/** Recipients by status, and of the sent, those sent again after an interruption. */
export type Progress = Record<RecipientStatus, number> & { resent: number };
const emptyProgress = (): Progress => ({
  queued: 0,
  sending: 0,
  sent: 0,
  failed: 0,
  skipped: 0,
  unknown: 0,
  resent: 0,
});

/** Recipients by status, per mailing. */
export async function progressOf(db: Db, ids: string[]): Promise<Map<string, Progress>> {
  const result = new Map(ids.map((id) => [id, emptyProgress()]));
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      mailingId: mailingRecipients.mailingId,
      status: mailingRecipients.status,
      n: count(),
      resent: sql<number>`count(*) FILTER (WHERE ${mailingRecipients.resent})`.mapWith(Number),
    })
    .from(mailingRecipients)
    .where(inArray(mailingRecipients.mailingId, ids))
    .groupBy(mailingRecipients.mailingId, mailingRecipients.status);
  for (const row of rows) {
    const progress = result.get(row.mailingId)!;
    progress[row.status] = row.n;
    if (row.status === "sent") progress.resent = row.resent;
  }
  return result;
}

/** Contacts who answered a callout (signed-in answers; a guest's answer names no contact). */
export function respondedTo(calloutId: string): SQL {
  return sql`EXISTS (SELECT 1 FROM ${calloutResponses} WHERE ${calloutResponses.calloutId} = ${calloutId} AND ${calloutResponses.contactId} = ${contacts.id})`;
}

/** Why a marketing email passes a contact over, as SQL: their newsletter status, or null. */
function skipReasonSql(kind: MailingKind): SQL {
  if (kind === "service") return sql`NULL`;
  return sql`(CASE WHEN ${contactProfiles.newsletterStatus} IN ('unsubscribed', 'cleaned') THEN ${contactProfiles.newsletterStatus} END)`;
}

/** How many contacts match, and how many of those a marketing email would pass over, by reason. */
export async function countRecipients(db: Db, where: SQL) {
  const [row] = await db
    .select({
      total: count(),
      unsubscribed: sql<number>`count(*) FILTER (WHERE ${contactProfiles.newsletterStatus} = 'unsubscribed')`.mapWith(
        Number,
      ),
      cleaned: sql<number>`count(*) FILTER (WHERE ${contactProfiles.newsletterStatus} = 'cleaned')`.mapWith(Number),
    })
    .from(contacts)
    .leftJoin(contactProfiles, eq(contactProfiles.contactId, contacts.id))
    .leftJoin(contributions, eq(contributions.contactId, contacts.id))
    .where(where);
  return { total: row?.total ?? 0, unsubscribed: row?.unsubscribed ?? 0, cleaned: row?.cleaned ?? 0 };
}

/**
 * Writes one row per recipient in a single statement: queued, or skipped with
 * the reason. A contact is there once (the primary key), whatever the rules.
 */
export async function insertRecipients(
  db: Db,
  mailing: { id: string; kind: MailingKind },
  where: SQL,
  now: Date,
): Promise<void> {
  const reason = skipReasonSql(mailing.kind);
  const at = sql`${now.toISOString()}::timestamptz`;
  await db.execute(sql`
    INSERT INTO ${mailingRecipients} (mailing_id, contact_id, email, status, reason, next_attempt_at)
    SELECT ${mailing.id}::uuid, ${contacts.id}, ${contacts.email},
      CASE WHEN ${reason} IS NULL THEN 'queued' ELSE 'skipped' END, ${reason}, ${at}
    FROM ${contacts}
    LEFT JOIN ${contactProfiles} ON ${contactProfiles.contactId} = ${contacts.id}
    LEFT JOIN ${contributions} ON ${contributions.contactId} = ${contacts.id}
    WHERE ${where}
    ON CONFLICT DO NOTHING`);
}

/**
 * The next free send slot of a stream, shared by every server copy: answers
 * the time this message may leave and moves the stream's next slot one
 * interval on. Slots are handed out in order, so the rate holds however many
 * copies send.
 */
export async function takeSendSlot(db: Db, name: string, now: Date, intervalMs: number): Promise<Date> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const step = sql`${intervalMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(sendRates)
    .values({ name, nextAt: sql`${at} + ${step}` })
    .onConflictDoUpdate({
      target: sendRates.name,
      set: { nextAt: sql`greatest(${sendRates.nextAt}, ${at}) + ${step}` },
    })
    .returning({ nextAt: sendRates.nextAt });
  return new Date(row!.nextAt.getTime() - intervalMs);
}

/**
 * Claims one due recipient: `queued` becomes `sending`, committed before the
 * mail server hears of it. `SKIP LOCKED` keeps two copies off the same row.
 */
export async function claimRecipient(db: Db, mailingId: string, now: Date): Promise<RecipientRow | undefined> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    UPDATE ${mailingRecipients} SET status = 'sending', attempts = attempts + 1, claimed_at = ${at}, handed_over_at = NULL
    WHERE (mailing_id, contact_id) IN (
      SELECT mailing_id, contact_id FROM ${mailingRecipients}
      WHERE mailing_id = ${mailingId} AND status = 'queued' AND next_attempt_at <= ${at}
      ORDER BY next_attempt_at, contact_id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING contact_id`);
  // Both drivers answer raw statements with `{ rows }`.
  const contactId = (result as { rows: { contact_id: string }[] }).rows[0]?.contact_id;
  if (!contactId) return undefined;
  const [row] = await db
    .select()
    .from(mailingRecipients)
    .where(and(eq(mailingRecipients.mailingId, mailingId), eq(mailingRecipients.contactId, contactId)));
  return row;
}

const recipientKey = (mailingId: string, contactId: string) =>
  and(
    eq(mailingRecipients.mailingId, mailingId),
    eq(mailingRecipients.contactId, contactId),
    eq(mailingRecipients.status, "sending"),
  );

/** One claim of a recipient: who, and when it was claimed. */
type Claim = Pick<RecipientRow, "mailingId" | "contactId" | "claimedAt">;

/**
 * Changes the recipient only as this claim left it: still `sending` and not claimed again
 * since. A copy that stalled past `interruptedAfterMs` finds its claim gone once the recipient
 * was queued again (and perhaps claimed by another copy), so it must not send. Answers
 * whether the claim was still this one's.
 */
async function updateClaim(db: Db, claim: Claim, set: Partial<RecipientRow>): Promise<boolean> {
  const rows = await db
    .update(mailingRecipients)
    .set(set)
    .where(
      and(
        recipientKey(claim.mailingId, claim.contactId),
        claim.claimedAt ? eq(mailingRecipients.claimedAt, claim.claimedAt) : isNull(mailingRecipients.claimedAt),
      ),
    )
    .returning({ contactId: mailingRecipients.contactId });
  return rows.length > 0;
}

/** Marks the claimed recipient sent; answers false when the claim is no longer this one's. */
export function markRecipientSent(db: Db, claim: Claim, at: Date): Promise<boolean> {
  return updateClaim(db, claim, { status: "sent", sentAt: at, reason: null });
}

export async function markRecipientFailed(db: Db, mailingId: string, contactId: string, reason: string) {
  await db.update(mailingRecipients).set({ status: "failed", reason }).where(recipientKey(mailingId, contactId));
}

/** Back in the queue after a temporary refusal, until `at`. */
export async function requeueRecipient(db: Db, mailingId: string, contactId: string, reason: string, at: Date) {
  await db
    .update(mailingRecipients)
    .set({ status: "queued", reason, nextAttemptAt: at })
    .where(recipientKey(mailingId, contactId));
}

/**
 * Records, before the mail server hears of it, that this recipient's message is being handed
 * over. Answers false, and records nothing, when the claim is no longer this one's.
 */
export function markHandingOver(db: Db, claim: Claim, at: Date): Promise<boolean> {
  return updateClaim(db, claim, { handedOverAt: at });
}

/**
 * Recipients left `sending` by a server copy that died (claimed before `claimedBefore`):
 * one whose hand-over never started never reached the mail server and is queued again
 * (marked `resent`, its try not counted); one whose hand-over started may have arrived, so
 * it is never sent again but becomes `unknown` (decision 065). Answers both counts.
 */
export async function recoverInterrupted(
  db: Db,
  mailingId: string,
  claimedBefore: Date,
  now: Date,
  reason: string,
): Promise<{ requeued: number; unknown: number }> {
  const left = and(
    eq(mailingRecipients.mailingId, mailingId),
    eq(mailingRecipients.status, "sending"),
    lt(mailingRecipients.claimedAt, claimedBefore),
  );
  const requeued = await db
    .update(mailingRecipients)
    .set({
      status: "queued",
      resent: true,
      attempts: sql`greatest(${mailingRecipients.attempts} - 1, 0)`,
      nextAttemptAt: now,
    })
    .where(and(left, isNull(mailingRecipients.handedOverAt)))
    .returning({ contactId: mailingRecipients.contactId });
  const unknown = await db
    .update(mailingRecipients)
    .set({ status: "unknown", reason })
    .where(and(left, isNotNull(mailingRecipients.handedOverAt)))
    .returning({ contactId: mailingRecipients.contactId });
  return { requeued: requeued.length, unknown: unknown.length };
}

/** What is left of a mailing: the earliest queued retry, and how many are being sent right now. */
export async function remainingOf(db: Db, mailingId: string) {
  const [queued] = await db
    .select({ next: min(mailingRecipients.nextAttemptAt) })
    .from(mailingRecipients)
    .where(and(eq(mailingRecipients.mailingId, mailingId), eq(mailingRecipients.status, "queued")));
  const [sending] = await db
    .select({ n: count(), oldest: min(mailingRecipients.claimedAt) })
    .from(mailingRecipients)
    .where(and(eq(mailingRecipients.mailingId, mailingId), eq(mailingRecipients.status, "sending")));
  return { nextQueued: queued?.next ?? null, sending: sending?.n ?? 0, oldestSending: sending?.oldest ?? null };
}

export async function listRecipients(
  db: Db,
  mailingId: string,
  query: { status?: RecipientStatus | undefined; limit: number; offset: number },
) {
  const where = and(
    eq(mailingRecipients.mailingId, mailingId),
    query.status ? eq(mailingRecipients.status, query.status) : undefined,
  );
  const [items, [totals]] = await Promise.all([
    db
      .select()
      .from(mailingRecipients)
      .where(where)
      .orderBy(asc(mailingRecipients.email))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(mailingRecipients).where(where),
  ]);
  return { items, total: totals?.total ?? 0 };
}

/** The mailings a contact was among the recipients of, newest first. */
export function mailingsOfContact(db: Db, contactId: string) {
  return db
    .select({ recipient: mailingRecipients, mailing: mailings })
    .from(mailingRecipients)
    .innerJoin(mailings, eq(mailings.id, mailingRecipients.mailingId))
    .where(eq(mailingRecipients.contactId, contactId))
    .orderBy(desc(mailings.startedAt), desc(mailings.id))
    .limit(200);
}

/** What a recipient's merge fields are made from. */
export async function findRecipientDetails(db: Db, contactId: string | undefined, email?: string) {
  const [row] = await db
    .select({
      id: contacts.id,
      email: contacts.email,
      firstname: contacts.firstname,
      lastname: contacts.lastname,
      locale: contacts.locale,
      contributionAmount: contacts.contributionAmount,
      contributionPeriod: contacts.contributionPeriod,
    })
    .from(contacts)
    .where(contactId ? eq(contacts.id, contactId) : eq(contacts.email, email ?? ""));
  return row;
}

export type RecipientDetails = NonNullable<Awaited<ReturnType<typeof findRecipientDetails>>>;

/** Whether a queued recipient is due (a cheap look before taking a send slot). */
export async function hasDueRecipient(db: Db, mailingId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(mailingRecipients)
    .where(
      and(
        eq(mailingRecipients.mailingId, mailingId),
        eq(mailingRecipients.status, "queued"),
        lte(mailingRecipients.nextAttemptAt, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
