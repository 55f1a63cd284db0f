/** What the benches that start a Cohort server process on this machine share. */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";

/** A TCP port nothing listens on right now, on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Waits until the Cohort server at `url` answers its health check (a minute at most). */
export async function waitForHealth(url: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`${url}/api/1.0/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${url} did not start`);
}

export interface LocalCohort {
  /** `http://127.0.0.1:<port>` */
  base: string;
  process: ChildProcess;
  /** Stops the server and waits until it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts Cohort from source in production mode on a free loopback port, on
 * the embedded database in `dataDir` unless `env` says otherwise, and waits
 * until it is healthy.
 */
export async function startLocalCohort(dataDir: string, env: Record<string, string> = {}): Promise<LocalCohort> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["--import", "tsx", "--conditions=cohort-source", "apps/server/src/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    server.kill("SIGTERM");
    await once(server, "exit").catch(() => undefined);
  };
  try {
    await waitForHealth(base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, process: server, stop };
}
