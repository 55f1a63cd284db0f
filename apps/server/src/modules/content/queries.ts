import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { content } from "../../db/schema/index.js";

export async function findContent(db: Db, id: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.select({ data: content.data }).from(content).where(eq(content.id, id));
  return row?.data;
}

export async function saveContent(db: Db, id: string, data: Record<string, unknown>, now: Date): Promise<void> {
  await db
    .insert(content)
    .values({ id, data, updatedAt: now })
    .onConflictDoUpdate({ target: content.id, set: { data, updatedAt: now } });
}
