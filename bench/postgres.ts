/**
 * What the benchmarks on PostgreSQL share: an empty, migrated `bench` database
 * on the throwaway server started for the run, and the Cohort app on it.
 */
import pg from "pg";
import { buildApp } from "../apps/server/src/app.js";
import { loadConfig } from "../apps/server/src/config.js";
import { STANDARD_PASSWORD_HASHING } from "../apps/server/src/config.js";
import { openDatabase, type Database } from "../apps/server/src/db/client.js";
import { hashPassword } from "../apps/server/src/lib/password.js";
import { insertContact, upsertRole } from "../apps/server/src/modules/contacts/queries.js";
import type { PostgresServer } from "../apps/server/test/helpers/postgres-server.js";

/** Server settings that log the plan of every statement slower than 20 ms (for `EXPLAIN=1`). */
export const AUTO_EXPLAIN_SETTINGS = [
  "shared_preload_libraries=auto_explain",
  "auto_explain.log_min_duration=20",
  "auto_explain.log_analyze=on",
];

/** Creates the `bench` database on the server and migrates it; answers its address and the open database. */
export async function createBenchDatabase(server: PostgresServer): Promise<{ url: string; database: Database }> {
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query("CREATE DATABASE bench");
  await admin.end();
  const url = server.url("bench");
  const database = await openDatabase({ kind: "postgres", url });
  await database.migrate();
  return { url, database };
}

/** Builds the Cohort app on the database, in this process, and listens on a free loopback port. */
export async function listenOnBenchDatabase(url: string, database: Database) {
  const config = loadConfig({
    NODE_ENV: "production",
    DATABASE_URL: url,
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: "/nonexistent",
  });
  const app = await buildApp({ config, db: database.db, logger: false });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, address };
}

export const BENCH_ADMIN_EMAIL = "admin@bench.test";
export const BENCH_PASSWORD = "Bench-passw0rd";

/** An admin to call the API as: `BENCH_ADMIN_EMAIL` with `BENCH_PASSWORD`. */
export async function insertBenchAdmin(database: Database): Promise<void> {
  const staff = await insertContact(database.db, {
    id: crypto.randomUUID(),
    email: BENCH_ADMIN_EMAIL,
    firstname: "Bench",
    lastname: "Admin",
    joined: new Date(),
    passwordHash: await hashPassword({ config: { passwordHashing: STANDARD_PASSWORD_HASHING } }, BENCH_PASSWORD),
  });
  await upsertRole(database.db, { contactId: staff.id, role: "admin", dateAdded: new Date(0), dateExpires: null });
}

/** Logs the bench admin in on the app at `address`; answers the session cookie. */
export async function benchAdminCookie(address: string): Promise<string> {
  const login = await fetch(`${address}/api/1.0/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ email: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD }),
  });
  return login.headers.get("set-cookie")!.split(";")[0]!;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
