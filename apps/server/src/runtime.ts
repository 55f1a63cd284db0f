import type { Config } from "./config.js";
import { openDatabase, type Database } from "./db/client.js";

/** Opens the configured database and brings its schema up to date. */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  const database = await openDatabase(
    config.database.kind === "pglite"
      ? { kind: "pglite", dataDir: config.database.dataDir }
      : { kind: "postgres", url: config.database.url },
  );
  await database.migrate();
  return database;
}
