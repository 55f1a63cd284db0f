import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { throttleCounters } from "../../db/schema/index.js";

export interface CounterWindow {
  key: string;
  windowStart: Date;
}

/**
 * Adds one hit to the key's window unless it already holds `max`, in one
 * statement, so that requests running at the same time on any server copy
 * cannot all pass. Returns the new count, or null when the window was full.
 */
export async function addHit(db: Db, window: CounterWindow, max: number, expiresAt: Date): Promise<number | null> {
  const rows = await db
    .insert(throttleCounters)
    .values({ ...window, hits: 1, expiresAt })
    .onConflictDoUpdate({
      target: [throttleCounters.key, throttleCounters.windowStart],
      set: { hits: sql`${throttleCounters.hits} + 1` },
      setWhere: sql`${throttleCounters.hits} < ${max}`,
    })
    .returning({ hits: throttleCounters.hits });
  return rows[0]?.hits ?? null;
}

/**
 * `addHit` for several keys of one window length at once, in one statement:
 * returns the keys that took their hit (the others' windows held `max`
 * already). The keys must differ; they are written in key order, so that
 * batches running at the same time lock rows in the same order.
 */
export async function addHits(
  db: Db,
  windows: readonly (CounterWindow & { expiresAt: Date })[],
  max: number,
): Promise<Set<string>> {
  const rows = [...windows]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((window) => ({
      key: window.key,
      window_start: window.windowStart.toISOString(),
      expires_at: window.expiresAt.toISOString(),
    }));
  const result = await db.execute(sql`
    INSERT INTO ${throttleCounters} (key, window_start, hits, expires_at)
    SELECT h.key, h.window_start, 1, h.expires_at
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS h(key text, window_start timestamptz, expires_at timestamptz)
    ORDER BY h.key
    ON CONFLICT (key, window_start) DO UPDATE SET hits = ${throttleCounters.hits} + 1
    WHERE ${throttleCounters.hits} < ${max}
    RETURNING key`);
  // Both drivers answer raw statements with `{ rows }`.
  const { rows: taken } = result as { rows: { key: string }[] };
  return new Set(taken.map((row) => row.key));
}

/** Marks use one row per key at this window start; only their `expiresAt` matters. */
const MARK_WINDOW = new Date(0);

/** Sets (or moves) the end of a mark's life. */
export async function setMark(db: Db, key: string, expiresAt: Date): Promise<void> {
  await db
    .insert(throttleCounters)
    .values({ key, windowStart: MARK_WINDOW, hits: 1, expiresAt })
    .onConflictDoUpdate({ target: [throttleCounters.key, throttleCounters.windowStart], set: { expiresAt } });
}

export async function hasMark(db: Db, key: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ key: throttleCounters.key })
    .from(throttleCounters)
    .where(
      and(
        eq(throttleCounters.key, key),
        eq(throttleCounters.windowStart, MARK_WINDOW),
        gt(throttleCounters.expiresAt, now),
      ),
    );
  return rows.length > 0;
}

/** Takes back one hit (never below zero). */
export async function removeHit(db: Db, window: CounterWindow): Promise<void> {
  await db
    .update(throttleCounters)
    .set({ hits: sql`greatest(${throttleCounters.hits} - 1, 0)` })
    .where(and(eq(throttleCounters.key, window.key), eq(throttleCounters.windowStart, window.windowStart)));
}

export async function deleteExpiredCounters(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(throttleCounters)
    .where(lt(throttleCounters.expiresAt, now))
    .returning({ key: throttleCounters.key });
  return rows.length;
}
