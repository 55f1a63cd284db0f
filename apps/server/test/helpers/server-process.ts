import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { inject } from "vitest";
import { TEMPLATE_DATABASE } from "./global-setup-postgres.js";
import { freePort } from "./postgres-server.js";

const serverRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface FreshInstall {
  env: Record<string, string>;
  /** On PostgreSQL, the new database's connection string. */
  databaseUrl?: string;
  cleanup: () => Promise<void>;
}

/**
 * The environment of a fresh install, its database already migrated: a data folder holding a
 * copy of the migrated embedded database, or on PostgreSQL a copy of the migrated template (a
 * database named after `name`). Creating and migrating an embedded database would cost each
 * process started on it several seconds; the tests that start from nothing are in `cli.test.ts`.
 */
export async function freshInstall(name: string): Promise<FreshInstall> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `cohort-${name}-`));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const target = inject("database");
  if (target.kind === "pglite") {
    cpSync(target.templateDir, path.join(dataDir, "pglite"), { recursive: true });
    return { env: { DATA_DIR: dataDir }, cleanup: async () => removeDir() };
  }
  const adminUrl = target.template.replace(`/${TEMPLATE_DATABASE}`, "/postgres");
  const database = `${name.replaceAll("-", "_")}_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database} TEMPLATE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const databaseUrl = adminUrl.replace(/\/postgres$/, `/${database}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    databaseUrl,
    cleanup: async () => {
      removeDir();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface RunningServer {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/**
 * Starts the real server from source, as `npm run dev` does, on loopback, and waits until it answers.
 * With `readStdout: false` its standard output is a pipe that nobody reads.
 */
export async function startServer(
  env: Record<string, string>,
  { readStdout = true }: { readStdout?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=cohort-source", "src/main.ts"], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      WEB_DIST_DIR: "/nonexistent",
      ...env,
      HOST: "127.0.0.1",
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  if (readStdout) child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/1.0/health`)).ok) {
        return { child, port, output: () => output, exited };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not start:\n${output}`);
}
