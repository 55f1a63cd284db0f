import { and, eq, lt, sql } from "drizzle-orm";
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
