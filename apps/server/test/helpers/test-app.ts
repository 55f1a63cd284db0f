import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { inject } from "vitest";
import { API_PREFIX, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@cohort/common/http";
import { buildApp } from "../../src/app.js";
import { loadConfig, type Config } from "../../src/config.js";
import type { AppContext } from "../../src/context.js";
import { openDatabase, type Database, type Db } from "../../src/db/client.js";
import * as schema from "../../src/db/schema/index.js";
import { AltchaCaptchaProvider } from "../../src/providers/captcha/altcha.js";
import { createStorageProvider } from "../../src/providers/storage/index.js";
import { createEmailProvider } from "../../src/providers/email/index.js";
import type { LogDestination } from "../../src/lib/log-destination.js";
import { settleEmailDeliveries } from "../../src/modules/emails/delivery.js";
import { buildPaymentProviders } from "../../src/modules/payments/service.js";
import { TEMPLATE_DATABASE } from "./global-setup-postgres.js";

/** A clock tests can move. Starts at the real time. */
export class TestClock {
  private current: number;
  constructor(start = new Date()) {
    this.current = start.getTime();
  }
  now = () => new Date(this.current);
  advance(ms: number): void {
    this.current += ms;
  }
}

/**
 * Embedded databases this test worker opened and that no test app holds now. Server test files
 * share their worker's modules (`isolate: false`), so a database outlives the file that opened
 * it: the next file empties it instead of restoring the migrated template again, which costs
 * about a second on PGlite against a few milliseconds for emptying it.
 */
const idleEmbedded: PGlite[] = [];

/**
 * Empties every table of a migrated database and restarts its sequences. The migrations store
 * no rows, so an empty database is the template.
 */
async function emptyDatabase(client: PGlite): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'",
  );
  if (rows.length > 0) {
    await client.exec(`TRUNCATE ${rows.map((row) => row.name).join(", ")} RESTART IDENTITY CASCADE`);
  }
}

async function openEmbeddedDatabase(template: string): Promise<Database> {
  let client = idleEmbedded.pop();
  if (!client) {
    const opened = await openDatabase({
      kind: "pglite",
      dataDir: null,
      loadDataDir: new Blob([readFileSync(template)]),
    });
    client = (opened.db as unknown as { $client: PGlite }).$client;
  }
  await emptyDatabase(client);
  const held = client;
  // A drizzle instance of its own: the server's caches are kept per instance, so nothing cached
  // for an earlier test app outlives it.
  const db = drizzlePglite({ client: held, schema, casing: "snake_case" }) as unknown as Db;
  let closed = false;
  return {
    kind: "pglite",
    db,
    migrate: () => Promise.resolve(),
    close() {
      if (!closed) idleEmbedded.push(held);
      closed = true;
      return Promise.resolve();
    },
  };
}

async function openTestDatabase(): Promise<Database> {
  const target = inject("database");
  if (target.kind === "pglite") return openEmbeddedDatabase(target.template);
  const name = `test_${randomUUID().replaceAll("-", "")}`;
  const adminUrl = target.template.replace(new RegExp(`/${TEMPLATE_DATABASE}$`), "/postgres");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const database = await openDatabase({ kind: "postgres", url: adminUrl.replace(/\/postgres$/, `/${name}`) });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // Let the pool's connections finish closing; forcing them off mid-goodbye raises errors in this process.
      for (let attempt = 0; attempt < 100; attempt++) {
        const { rows } = await cleanup.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  ctx: AppContext;
  config: Config;
  clock: TestClock;
  /** Every delay the server asked for, in order (nothing really waits). */
  sleeps: number[];
  close(): Promise<void>;
}

/** `logDestination`: where the app's log lines go (else it logs nothing). */
export async function createTestApp(
  env: Record<string, string> = {},
  { logDestination }: { logDestination?: LogDestination } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "/nonexistent-cohort-data",
    WEB_DIST_DIR: "/nonexistent",
    // Passwords are hashed at the least cost, but by an app that plays production.
    ...(env.NODE_ENV === undefined || env.NODE_ENV === "test" ? { PASSWORD_HASHING: "fast" } : {}),
    ...env,
  });
  const clock = new TestClock();
  const sleeps: number[] = [];
  const sleep = (ms: number) => {
    sleeps.push(ms);
    return Promise.resolve();
  };
  const captcha = new AltchaCaptchaProvider({ db: database.db, clock, hmacKey: config.captcha.hmacKey });
  const storage = createStorageProvider(config.storage);
  const email = createEmailProvider(config.email);
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    sleep,
    captcha,
    storage,
    email,
    logger: logDestination !== undefined,
    logDestination,
  });
  await app.ready();
  const baseCtx: Omit<AppContext, "payments"> = {
    db: database.db,
    config,
    clock,
    newId: randomUUID,
    sleep,
    log: app.log,
    captcha,
    storage,
    email,
  };
  const ctx: AppContext = { ...baseCtx, payments: buildPaymentProviders(config, baseCtx) };
  return {
    app,
    database,
    ctx,
    config,
    clock,
    sleeps,
    async close() {
      await app.close();
      await settleEmailDeliveries(database.db);
      email.close();
      await database.close();
      // Every answer a test drove is one its route declares (decision 082).
      const undeclared = [...app.undeclaredErrors].sort();
      if (undeclared.length > 0) {
        throw new Error(
          `Routes answered with error codes their config.errors do not declare:\n  ${undeclared.join("\n  ")}`,
        );
      }
    },
  };
}

export interface CallOptions {
  cookie?: string | undefined;
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the X-Requested-With header the web client always sends. */
  withoutRequestedWith?: boolean;
  /** The client's IP address (127.0.0.1 unless given). */
  remoteAddress?: string;
}

/** Calls the API like the web client does: with the requested-with header and JSON. */
export function call(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (!options.withoutRequestedWith) headers[REQUESTED_WITH_HEADER] = REQUESTED_WITH_VALUE;
  if (options.cookie) headers.cookie = options.cookie;
  return app.inject({
    method,
    url: `${API_PREFIX}${path}`,
    headers,
    ...(options.remoteAddress !== undefined ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

/** The session cookie a response set, as a `Cookie` request header value. */
export function sessionCookie(response: LightMyRequestResponse, name = "cohort_session"): string {
  const cookie = response.cookies.find((entry) => entry.name === name);
  if (!cookie) throw new Error(`response set no ${name} cookie (status ${response.statusCode})`);
  return `${name}=${cookie.value}`;
}
