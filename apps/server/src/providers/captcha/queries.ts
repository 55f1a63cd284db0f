import { eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { captchaSolutions, serverSecrets } from "../../db/schema/index.js";

/** Stores the secret unless a copy of the server already has; answers the stored value. */
export async function storeSecretOnce(db: Db, name: string, value: string, now: Date): Promise<string | undefined> {
  await db.insert(serverSecrets).values({ name, value, createdAt: now }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row?.value;
}

/** Forgets the answers whose challenge has expired. */
export async function deleteExpiredSolutions(db: Db, now: Date): Promise<void> {
  await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, now));
}

/** Remembers an accepted answer; a second use of the same one is a unique violation. */
export async function insertSolution(db: Db, signature: string, expiresAt: Date): Promise<void> {
  await db.insert(captchaSolutions).values({ signature, expiresAt });
}
