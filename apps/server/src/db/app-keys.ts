import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./client.js";
import { appSecrets } from "./schema/index.js";

const keys = new WeakMap<Db, Map<string, Promise<Buffer>>>();

/**
 * A random 32-byte key kept in the database under `name`: made by whichever server copy asks
 * first and read by the others, so every copy signs, checks and digests with the same key and
 * the key survives restarts. Read once per database and name.
 */
export function appKey(db: Db, name: string, now: Date): Promise<Buffer> {
  let byName = keys.get(db);
  if (!byName) {
    byName = new Map<string, Promise<Buffer>>();
    keys.set(db, byName);
  }
  let key = byName.get(name);
  if (!key) {
    key = findOrCreate(db, name, randomBytes(32).toString("base64url"), now).then((value) =>
      Buffer.from(value, "base64url"),
    );
    key.catch(() => byName.delete(name));
    byName.set(name, key);
  }
  return key;
}

async function findOrCreate(db: Db, name: string, value: string, now: Date): Promise<string> {
  await db.insert(appSecrets).values({ name, value, createdAt: now }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}
