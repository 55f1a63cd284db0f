import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { content } from "../../db/schema/index.js";

export async function findContent(db: Db, id: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.select({ data: content.data }).from(content).where(eq(content.id, id));
  return row?.data;
}

/**
 * Writes the changed fields into the stored ones in one statement, so two
 * server copies saving different fields at once both keep their change.
 */
export async function mergeContent(db: Db, id: string, changes: Record<string, unknown>, now: Date): Promise<void> {
  await db
    .insert(content)
    .values({ id, data: changes, updatedAt: now })
    .onConflictDoUpdate({ target: content.id, set: { data: sql`${content.data} || excluded.data`, updatedAt: now } });
}
