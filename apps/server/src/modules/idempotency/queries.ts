import { and, eq, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { idempotencyKeys } from "../../db/schema/index.js";

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export async function findKey(db: Db, scope: string, key: string): Promise<IdempotencyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

/** Fails with a unique violation when the key is already stored. */
export async function insertKey(db: Db, row: IdempotencyRow): Promise<void> {
  await db.insert(idempotencyKeys).values(row);
}

/** Removes the key when it has expired, so that it can be used afresh. */
export async function deleteExpiredKey(db: Db, scope: string, key: string, now: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), lte(idempotencyKeys.expiresAt, now)));
}

export async function deleteExpiredKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
}

/**
 * A part of another module's statement (decision 083): stores the answers of keyed requests,
 * one per row of `rows` whose `key` (a JSON expression with `scope`, `key`, `requestHash`,
 * `status` and `expiresAt`) is not null, each with its `body` and `createdAt` (expressions on
 * those rows), written with everything else the statement writes.
 */
export function insertKeysFrom(rows: SQL, key: SQL, body: SQL, createdAt: SQL): SQL {
  return sql`INSERT INTO ${idempotencyKeys} (scope, key, request_hash, status, body, created_at, expires_at)
    SELECT ${key}->>'scope', ${key}->>'key', ${key}->>'requestHash', (${key}->>'status')::int, ${body}, ${createdAt},
      (${key}->>'expiresAt')::timestamptz
    FROM ${rows}
    WHERE ${key} IS NOT NULL`;
}
