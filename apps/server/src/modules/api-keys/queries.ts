import { and, asc, count, desc, eq, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { apiKeys, contacts } from "../../db/schema/index.js";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(db: Db, row: typeof apiKeys.$inferInsert): Promise<void> {
  await db.insert(apiKeys).values(row);
}

export async function findApiKey(db: Db, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  return row;
}

/** Sets the key's last use to `now` unless it was already recorded after `staleBefore`. */
export async function touchApiKey(db: Db, id: string, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsed: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsed), lte(apiKeys.lastUsed, staleBefore))));
}

export async function deleteApiKey(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(apiKeys).where(eq(apiKeys.id, id)).returning({ id: apiKeys.id });
  return rows.length > 0;
}

export async function listApiKeys(
  db: Db,
  page: { limit: number; offset: number; sort: "createdAt" | "expires"; order: "ASC" | "DESC" },
) {
  const column = page.sort === "expires" ? apiKeys.expires : apiKeys.createdAt;
  const [items, [totals]] = await Promise.all([
    db
      .select({ key: apiKeys, creator: contacts })
      .from(apiKeys)
      .leftJoin(contacts, eq(contacts.id, apiKeys.creatorId))
      .orderBy(page.order === "ASC" ? asc(column) : desc(column), asc(apiKeys.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(apiKeys),
  ]);
  return { items, total: totals?.total ?? 0 };
}
