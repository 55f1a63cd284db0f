import { and, eq, lt, lte } from "drizzle-orm";
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
