import type { Db } from "./client.js";
import { dataUpgrades } from "./schema/index.js";

/** A change to stored data that needs the app's code, done once per database. */
export interface DataUpgrade {
  /** Stable and unique: recorded in `data_upgrades` once done. */
  name: string;
  run: (db: Db) => Promise<unknown>;
}

/**
 * Runs each upgrade not yet recorded, in order, each in a transaction with its
 * record: a failed upgrade leaves nothing behind and runs again next start.
 * Server copies starting together do each upgrade once, as the first to
 * record it holds its row until done and the others then find it. Returns the
 * names of the upgrades this call ran.
 */
export async function runDataUpgrades(
  db: Db,
  upgrades: readonly DataUpgrade[],
  now: () => Date = () => new Date(),
): Promise<string[]> {
  const ran: string[] = [];
  for (const upgrade of upgrades) {
    const didRun = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(dataUpgrades)
        .values({ name: upgrade.name, appliedAt: now() })
        .onConflictDoNothing()
        .returning({ name: dataUpgrades.name });
      if (claimed.length === 0) return false;
      await upgrade.run(tx);
      return true;
    });
    if (didRun) ran.push(upgrade.name);
  }
  return ran;
}
