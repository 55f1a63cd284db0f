import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { uploadedFiles, uploadFlows } from "../../db/schema/index.js";

export type UploadedFileRow = typeof uploadedFiles.$inferSelect;

export async function insertUploadFlow(db: Db, flow: typeof uploadFlows.$inferInsert): Promise<void> {
  await db.insert(uploadFlows).values(flow);
}

/** Flows started from one address since `since`. */
export async function countUploadFlowsSince(db: Db, ipAddress: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(uploadFlows)
    .where(and(eq(uploadFlows.ipAddress, ipAddress), gt(uploadFlows.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Marks a flow used when it is unused and was created after `createdAfter`;
 * true when this call won. One statement, so only one request can claim a flow.
 */
export async function claimUploadFlow(db: Db, id: string, now: Date, createdAfter: Date): Promise<boolean> {
  const rows = await db
    .update(uploadFlows)
    .set({ usedAt: now })
    .where(and(eq(uploadFlows.id, id), isNull(uploadFlows.usedAt), gt(uploadFlows.createdAt, createdAfter)))
    .returning({ id: uploadFlows.id });
  return rows.length > 0;
}

export async function insertUploadedFile(db: Db, file: UploadedFileRow): Promise<void> {
  await db.insert(uploadedFiles).values(file);
}

export async function findUploadedFile(db: Db, id: string): Promise<UploadedFileRow | undefined> {
  const [row] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.id, id));
  return row;
}
