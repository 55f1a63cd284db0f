import type { Config } from "./config.js";
import { openDatabase, type Database } from "./db/client.js";
import { type DataUpgrade, runDataUpgrades } from "./db/data-upgrades.js";
import { resanitizeStoredCallouts } from "./modules/callouts/stored-html.js";
import { storeSummaryWordsAndDates } from "./modules/responses/summary/service.js";

/** Data upgrades in the order they were written; never rename or remove one that has shipped. */
export const dataUpgradeList: readonly DataUpgrade[] = [
  { name: "2026-11-sanitise-stored-callout-html", run: resanitizeStoredCallouts },
  { name: "2026-11-store-summary-words-and-dates", run: storeSummaryWordsAndDates },
];

/** Opens the configured database and brings its schema, then its stored data, up to date. */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  const database = await openDatabase(
    config.database.kind === "pglite"
      ? { kind: "pglite", dataDir: config.database.dataDir }
      : { kind: "postgres", url: config.database.url },
  );
  await database.migrate();
  await runDataUpgrades(database.db, dataUpgradeList);
  return database;
}
