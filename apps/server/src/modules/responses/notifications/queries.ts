import { and, asc, eq, inArray, isNull, lte, notInArray, sql, type SQL } from "drizzle-orm";
import { DEFAULT_VARIANT } from "@cohort/common/callouts";
import type { Db } from "../../../db/client.js";
import {
  calloutNotificationRecipients,
  calloutResponses,
  calloutResponseThresholds,
  calloutReviewers,
  callouts,
  contactRoles,
  contacts,
} from "../../../db/schema/index.js";

export interface StaffMember {
  contactId: string;
  email: string;
  firstname: string;
  lastname: string;
}

export interface RecipientRow extends StaffMember {
  eachResponse: boolean;
  thresholds: boolean;
  dailyDigest: boolean;
}

/** SQL condition: the contact (a column) is an admin now, or reviews the callout (a column). */
function isStaffOf(contactId: SQL | typeof contacts.id, calloutId: SQL | string, now: Date): SQL {
  return sql`(EXISTS (SELECT 1 FROM ${contactRoles} r WHERE r.contact_id = ${contactId}
      AND r.role IN ('admin', 'superadmin') AND r.date_added <= ${now}
      AND (r.date_expires IS NULL OR r.date_expires >= ${now}))
    OR EXISTS (SELECT 1 FROM ${calloutReviewers} v WHERE v.contact_id = ${contactId} AND v.callout_id = ${calloutId}))`;
}

export interface NotificationPlanRow {
  title: string | null;
  /** Recipients who are still admins or reviewers of the callout. */
  recipients: RecipientRow[] | null;
  /** Thresholds not reached yet. */
  thresholds: number[] | null;
}

/** In one statement: what a new response to the callout needs to know to notify staff; undefined without the callout. */
export async function findNotificationPlan(
  db: Db,
  calloutId: string,
  now: Date,
): Promise<NotificationPlanRow | undefined> {
  const [row] = await db
    .select({
      title: sql<string | null>`(SELECT cv.title FROM callout_variants cv
        WHERE cv.callout_id = ${calloutId} AND cv.name = ${DEFAULT_VARIANT} LIMIT 1)`,
      recipients: sql<RecipientRow[] | null>`(SELECT json_agg(json_build_object(
          'contactId', c.id, 'email', c.email, 'firstname', c.firstname, 'lastname', c.lastname,
          'eachResponse', n.each_response, 'thresholds', n.thresholds, 'dailyDigest', n.daily_digest))
        FROM ${calloutNotificationRecipients} n JOIN ${contacts} c ON c.id = n.contact_id
        WHERE n.callout_id = ${calloutId} AND (n.each_response OR n.thresholds)
          AND ${isStaffOf(sql`c.id`, calloutId, now)})`,
      thresholds: sql<number[] | null>`(SELECT json_agg(t.threshold) FROM ${calloutResponseThresholds} t
        WHERE t.callout_id = ${calloutId} AND t.reached_at IS NULL)`,
    })
    .from(callouts)
    .where(eq(callouts.id, calloutId));
  return row;
}

/**
 * Marks every unreached threshold up to `count` reached and returns them.
 * The row locks make two responses crossing together find each threshold once.
 */
export async function reachThresholds(db: Db, calloutId: string, count: number, now: Date): Promise<number[]> {
  const rows = await db
    .update(calloutResponseThresholds)
    .set({ reachedAt: now })
    .where(
      and(
        eq(calloutResponseThresholds.calloutId, calloutId),
        lte(calloutResponseThresholds.threshold, count),
        isNull(calloutResponseThresholds.reachedAt),
      ),
    )
    .returning({ threshold: calloutResponseThresholds.threshold });
  return rows.map((row) => row.threshold);
}

/** The highest response number given so far (responses are numbered from 1). */
export async function highestResponseNumber(db: Db, calloutId: string): Promise<number> {
  const [row] = await db
    .select({ highest: sql<number>`coalesce(max(${calloutResponses.number}), 0)::int` })
    .from(calloutResponses)
    .where(eq(calloutResponses.calloutId, calloutId));
  return Number(row?.highest ?? 0);
}

export async function listRecipients(db: Db, calloutId: string): Promise<RecipientRow[]> {
  return db
    .select({
      contactId: contacts.id,
      email: contacts.email,
      firstname: contacts.firstname,
      lastname: contacts.lastname,
      eachResponse: calloutNotificationRecipients.eachResponse,
      thresholds: calloutNotificationRecipients.thresholds,
      dailyDigest: calloutNotificationRecipients.dailyDigest,
    })
    .from(calloutNotificationRecipients)
    .innerJoin(contacts, eq(contacts.id, calloutNotificationRecipients.contactId))
    .where(eq(calloutNotificationRecipients.calloutId, calloutId))
    .orderBy(asc(contacts.email));
}

export async function listThresholds(db: Db, calloutId: string) {
  return db
    .select({ threshold: calloutResponseThresholds.threshold, reachedAt: calloutResponseThresholds.reachedAt })
    .from(calloutResponseThresholds)
    .where(eq(calloutResponseThresholds.calloutId, calloutId))
    .orderBy(asc(calloutResponseThresholds.threshold));
}

/** Admins and the callout's reviewers: everyone who may be notified about it. */
export async function listStaff(db: Db, calloutId: string, now: Date): Promise<StaffMember[]> {
  return db
    .select({
      contactId: contacts.id,
      email: contacts.email,
      firstname: contacts.firstname,
      lastname: contacts.lastname,
    })
    .from(contacts)
    .where(isStaffOf(contacts.id, calloutId, now))
    .orderBy(asc(contacts.email));
}

export interface ReplaceNotifications {
  calloutId: string;
  recipients: { contactId: string; eachResponse: boolean; thresholds: boolean; dailyDigest: boolean }[];
  /** Each threshold, and whether the response count has passed it already. */
  thresholds: { threshold: number; reachedAt: Date | null }[];
}

/** Replaces the callout's recipients and thresholds; a threshold kept keeps its reached date. */
export async function replaceNotifications(db: Db, input: ReplaceNotifications): Promise<void> {
  const { calloutId } = input;
  await db.delete(calloutNotificationRecipients).where(eq(calloutNotificationRecipients.calloutId, calloutId));
  if (input.recipients.length > 0) {
    await db.insert(calloutNotificationRecipients).values(input.recipients.map((row) => ({ calloutId, ...row })));
  }
  const kept = input.thresholds.map((row) => row.threshold);
  await db
    .delete(calloutResponseThresholds)
    .where(
      and(
        eq(calloutResponseThresholds.calloutId, calloutId),
        kept.length > 0 ? notInArray(calloutResponseThresholds.threshold, kept) : undefined,
      ),
    );
  if (input.thresholds.length > 0) {
    await db
      .insert(calloutResponseThresholds)
      .values(input.thresholds.map((row) => ({ calloutId, ...row })))
      .onConflictDoNothing();
  }
}

/** The contacts among `ids` who are staff of the callout. */
export async function staffAmong(db: Db, calloutId: string, ids: string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(inArray(contacts.id, ids), isStaffOf(contacts.id, calloutId, now)));
  return new Set(rows.map((row) => row.id));
}

export interface DigestRecipientRow extends StaffMember {
  calloutId: string;
}

/** Everyone who asked for a daily digest, by callout, while still an admin or a reviewer of it. */
export async function findDigestRecipients(db: Db, now: Date): Promise<DigestRecipientRow[]> {
  return db
    .select({
      calloutId: calloutNotificationRecipients.calloutId,
      contactId: contacts.id,
      email: contacts.email,
      firstname: contacts.firstname,
      lastname: contacts.lastname,
    })
    .from(calloutNotificationRecipients)
    .innerJoin(contacts, eq(contacts.id, calloutNotificationRecipients.contactId))
    .where(
      and(
        eq(calloutNotificationRecipients.dailyDigest, true),
        isStaffOf(contacts.id, sql`${calloutNotificationRecipients.calloutId}`, now),
      ),
    )
    .orderBy(asc(calloutNotificationRecipients.calloutId), asc(contacts.email));
}

export interface DigestCalloutRow {
  calloutId: string;
  title: string | null;
  count: number;
  /** The first responses of the period by number, at most `listed`. */
  responses: { id: string; number: number }[];
}

/** Per callout, the responses received in [from, to): how many, and the first `listed` of them by number. */
export async function findResponsesReceived(
  db: Db,
  calloutIds: string[],
  from: Date,
  to: Date,
  listed: number,
): Promise<DigestCalloutRow[]> {
  if (calloutIds.length === 0) return [];
  const received = sql`r.callout_id = ${callouts.id} AND r.created_at >= ${from.toISOString()}::timestamptz
    AND r.created_at < ${to.toISOString()}::timestamptz`;
  const rows = await db
    .select({
      calloutId: callouts.id,
      title: sql<string | null>`(SELECT cv.title FROM callout_variants cv
        WHERE cv.callout_id = ${callouts.id} AND cv.name = ${DEFAULT_VARIANT} LIMIT 1)`,
      count: sql<number>`(SELECT count(*) FROM ${calloutResponses} r WHERE ${received})::int`,
      responses: sql<
        { id: string; number: number }[] | null
      >`(SELECT json_agg(json_build_object('id', x.id, 'number', x.number) ORDER BY x.number)
        FROM (SELECT r.id, r.number FROM ${calloutResponses} r WHERE ${received} ORDER BY r.number LIMIT ${listed}) x)`,
    })
    .from(callouts)
    .where(inArray(callouts.id, calloutIds));
  return rows.map((row) => ({ ...row, count: Number(row.count), responses: row.responses ?? [] }));
}
