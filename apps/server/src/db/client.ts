import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { lockDataDir } from "./lock.js";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
/** The same drizzle API whichever database is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseConfig =
  | { kind: "pglite"; dataDir: string | null; /** Start from a dumped data folder (tests). */ loadDataDir?: Blob }
  | { kind: "postgres"; url: string; poolSize?: number };

export interface Database {
  kind: DatabaseConfig["kind"];
  db: Db;
  /** PGlite only: a snapshot of the data folder. */
  dump?: () => Promise<Blob>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL("../../src/db/migrations", import.meta.url));

/** Arbitrary constant: one migrator at a time across server copies. */
const MIGRATION_LOCK_ID = 7_411_020;

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === "pglite") {
    if (config.dataDir) await mkdir(config.dataDir, { recursive: true });
    const unlock = config.dataDir ? lockDataDir(config.dataDir) : () => undefined;
    const client = await PGlite.create({
      // Trigram indexes make contains-searches on names and emails fast.
      extensions: { pg_trgm },
      ...(config.dataDir ? { dataDir: config.dataDir } : {}),
      ...(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}),
    }).catch((error: unknown) => {
      unlock();
      throw error;
    });
    const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Db;
    return {
      kind: "pglite",
      db,
      migrate: () => migratePglite(drizzlePglite({ client, schema, casing: "snake_case" }), { migrationsFolder }),
      dump: () => client.dumpDataDir("none"),
      async close() {
        await client.close();
        unlock();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.poolSize ?? 10,
    // Short queries gain nothing from JIT; page costs are those of SSD storage, so indexes get used.
    options: "-c jit=off -c random_page_cost=1.1",
  });
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" });
  return {
    kind: "postgres",
    db: db as unknown as Db,
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client, schema, casing: "snake_case" }), { migrationsFolder });
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The pg pool behind a database opened on PostgreSQL, for work that needs a
 * connection to itself (a server-side cursor); undefined on PGlite and for a
 * transaction.
 */
export function postgresPool(db: Db): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}
