import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { setupTokens } from "../../db/schema/index.js";

export async function replaceSetupToken(db: Db, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
  await db.delete(setupTokens);
  await db.insert(setupTokens).values({ tokenHash, createdAt: now, expiresAt });
}

/** Deletes the token when it is live; true when it was. Only one caller can win. */
export async function claimSetupToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .delete(setupTokens)
    .where(and(eq(setupTokens.tokenHash, tokenHash), gt(setupTokens.expiresAt, now)))
    .returning({ tokenHash: setupTokens.tokenHash });
  return rows.length > 0;
}

export async function clearSetupTokens(db: Db): Promise<void> {
  await db.delete(setupTokens);
}
