import { and, desc, eq, gt, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contactMfa, contacts, loginThrottle, sessions } from "../../db/schema/index.js";

export type MfaRow = typeof contactMfa.$inferSelect;

export async function findMfa(db: Db, contactId: string): Promise<MfaRow | undefined> {
  const [row] = await db.select().from(contactMfa).where(eq(contactMfa.contactId, contactId));
  return row;
}

/** Records a used TOTP step; false when that step (or a later one) was already used. */
export async function claimTotpStep(db: Db, contactId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(contactMfa)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(contactMfa.contactId, contactId),
        sql`(${contactMfa.lastUsedStep} IS NULL OR ${contactMfa.lastUsedStep} < ${step})`,
      ),
    )
    .returning({ contactId: contactMfa.contactId });
  return rows.length > 0;
}

/** True while the failures counted under `key` lock it: `maxTries` of them, the last less than `lockFor` ago. */
function pairLockedAt(now: Date, maxTries: number, lockFor: number) {
  const since = new Date(now.getTime() - lockFor);
  return sql`(${loginThrottle.failures} >= ${maxTries} AND ${loginThrottle.lastFailureAt} > ${since}::timestamptz)`;
}

export interface PairRule {
  now: Date;
  maxTries: number;
  /** How long the lock lasts after the failure that set it; failures are also forgotten after this long without another. */
  lockFor: number;
}

/**
 * Counts a failure of one client on one account in one statement. Failures
 * while the pair is locked change nothing (they do not prolong the lock).
 * Returns false when the pair was already locked.
 */
export async function recordPairFailure(db: Db, key: string, rule: PairRule): Promise<boolean> {
  const { now, lockFor } = rule;
  const forgetBefore = new Date(now.getTime() - lockFor);
  const rows = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`CASE WHEN ${loginThrottle.lastFailureAt} <= ${forgetBefore}::timestamptz THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        lastFailureAt: now,
      },
      setWhere: sql`NOT ${pairLockedAt(now, rule.maxTries, lockFor)}`,
    })
    .returning({ failures: loginThrottle.failures });
  return rows.length > 0;
}

export async function isPairLocked(db: Db, key: string, rule: PairRule): Promise<boolean> {
  const rows = await db
    .select({ key: loginThrottle.key })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.key, key), pairLockedAt(rule.now, rule.maxTries, rule.lockFor)));
  return rows.length > 0;
}

/** Forgets a pair's failures after a full login; false (and nothing changed) when the pair is locked. */
export async function clearPairFailures(db: Db, key: string, rule: PairRule): Promise<boolean> {
  if (await isPairLocked(db, key, rule)) return false;
  await db
    .delete(loginThrottle)
    .where(and(eq(loginThrottle.key, key), sql`NOT ${pairLockedAt(rule.now, rule.maxTries, rule.lockFor)}`));
  return true;
}

export async function recordThrottleFailure(db: Db, key: string, now: Date, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`CASE WHEN ${loginThrottle.lastFailureAt} < ${windowStart} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: loginThrottle.failures });
  return row?.failures ?? 1;
}

export async function deleteStaleThrottle(db: Db, before: Date): Promise<void> {
  await db.delete(loginThrottle).where(lt(loginThrottle.lastFailureAt, before));
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

export async function insertSession(db: Db, session: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function findLiveSession(db: Db, id: string, now: Date) {
  const [row] = await db
    .select({ session: sessions, contact: contacts })
    .from(sessions)
    .innerJoin(contacts, eq(contacts.id, sessions.contactId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function extendSession(db: Db, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

/** Sets the session's last use to `now` unless it was already recorded after `staleBefore`. */
export async function touchSession(db: Db, id: string, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(eq(sessions.id, id), or(isNull(sessions.lastUsedAt), lte(sessions.lastUsedAt, staleBefore))));
}

/** The contact's live sessions, most recently used first (at most `limit`). */
export async function listSessionsOfContact(db: Db, contactId: string, now: Date, limit: number) {
  return db
    .select({
      id: sessions.id,
      ref: sessions.ref,
      userAgent: sessions.userAgent,
      address: sessions.address,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.contactId, contactId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`), desc(sessions.createdAt))
    .limit(limit);
}

/** Deletes one session of the contact named by its `ref`; returns its id, or null when the contact has none such. */
export async function deleteSessionOfContact(db: Db, contactId: string, ref: string): Promise<string | null> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.contactId, contactId), eq(sessions.ref, ref)))
    .returning({ id: sessions.id });
  return rows[0]?.id ?? null;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteSessionsOfContact(db: Db, contactId: string, keepId: string | null): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(keepId ? and(eq(sessions.contactId, contactId), ne(sessions.id, keepId)) : eq(sessions.contactId, contactId))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export async function insertMfa(db: Db, row: typeof contactMfa.$inferInsert): Promise<void> {
  await db.insert(contactMfa).values(row);
}

export async function deleteMfa(db: Db, contactId: string): Promise<boolean> {
  const rows = await db.delete(contactMfa).where(eq(contactMfa.contactId, contactId)).returning({ id: contactMfa.id });
  return rows.length > 0;
}
