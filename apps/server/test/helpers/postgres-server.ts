import { execFile } from "node:child_process";
import { chownSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterThisProcess } from "./after-this-process.js";

const run = promisify(execFile);

/** PostgreSQL refuses to run as root; when we are root, run it as `postgres`. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() === 0) return ["runuser", ["-u", "postgres", "--", command, ...args]];
  return [command, args];
}

export async function hasPostgresBinaries(): Promise<boolean> {
  try {
    await run("initdb", ["--version"]);
    return true;
  } catch {
    return false;
  }
}

/** A port on the loopback address that nothing listens on. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface PostgresServer {
  /** The server's log file (removed on stop). */
  logFile: string;
  /** Connection string for the `postgres` database; swap the name for others. */
  url(database?: string): string;
  stop(): Promise<void>;
}

/**
 * Starts a throwaway PostgreSQL server on a loopback port, in a temporary
 * folder that is removed on stop. Tuned for tests: no fsync.
 */
export async function startPostgres(extraSettings: string[] = []): Promise<PostgresServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "cohort-pg-"));
  const dataDir = path.join(dir, "data");
  if (process.getuid?.() === 0) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const [initCmd, initArgs] = asServerUser("initdb", [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    "--no-sync",
  ]);
  await run(initCmd, initArgs);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
    ...extraSettings.map((setting) => `-c ${setting}`),
  ].join(" ");
  const [startCmd, startArgs] = asServerUser("pg_ctl", [
    "start",
    "--wait",
    "--timeout=60",
    "-D",
    dataDir,
    "-l",
    path.join(dir, "server.log"),
    "-o",
    options,
  ]);
  await run(startCmd, startArgs);
  // pg_ctl starts the server in a session of its own, where a signal to this process or to a
  // test run's whole group does not reach it: it is stopped when this process ends, however it ends.
  const [stopCmd, stopArgs] = asServerUser("pg_ctl", ["stop", "--wait", "-m", "immediate", "-D", dataDir]);
  const cleanup = afterThisProcess([
    [stopCmd, ...stopArgs],
    ["rm", "-rf", dir],
  ]);
  return {
    logFile: path.join(dir, "server.log"),
    url: (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: () => cleanup.now(),
  };
}
