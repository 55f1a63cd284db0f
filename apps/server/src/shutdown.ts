import { Worker } from "node:worker_threads";
import type { FastifyInstance } from "fastify";

/** How long after the bound the watchdog ends a process whose own thread is stuck. */
export const WATCHDOG_GRACE_MS = 250;

/**
 * Runs on its own thread with its own timers, so it fires even while the
 * main thread is blocked (a synchronous write into a full pipe, a loop that
 * never yields, an exit handler that waits): it kills the process outright.
 */
const WATCHDOG_SOURCE = `
const { workerData } = require("node:worker_threads");
setTimeout(() => process.kill(workerData.pid, "SIGKILL"), workerData.ms);
`;

function startWatchdog(ms: number): Worker {
  const worker = new Worker(WATCHDOG_SOURCE, { eval: true, workerData: { pid: process.pid, ms } });
  // It must never be what keeps the process alive.
  worker.unref();
  return worker;
}

export interface ShutdownStep {
  name: string;
  run: () => Promise<void> | void;
}

export interface ShutdownOptions {
  app: FastifyInstance;
  /** The most the whole shutdown may take; then the process exits anyway. */
  timeoutMs: number;
  /** What to close once the server no longer serves, in order (background loops, providers, the database). */
  steps: readonly ShutdownStep[];
  exit?: (code: number) => void;
  /** Kill the process from another thread shortly after the bound if it is still there (default: true). */
  watchdog?: boolean;
}

/**
 * A bounded, graceful stop, for SIGTERM and SIGINT:
 * 1. the server stops accepting connections and closes idle keep-alive ones;
 *    requests under way may finish during the first half of the bound;
 * 2. then any connection still open is cut;
 * 3. the steps run in order (a failing step is logged and the next one runs);
 * 4. the process exits: 0 when everything closed, 1 otherwise.
 * A timer that does not keep the process alive exits with 1 at the bound,
 * whatever is still hanging (a stuck database pool, a mail server that never
 * answers). That timer needs the main thread; a watchdog thread started with
 * the shutdown kills the process `WATCHDOG_GRACE_MS` after the bound when
 * even the exit did not happen. Calls after the first do nothing.
 */
export function gracefulShutdown(options: ShutdownOptions): (signal: string) => Promise<void> {
  const { app, timeoutMs, steps } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started = false;
  return async (signal) => {
    if (started) return;
    started = true;
    if (options.watchdog ?? true) startWatchdog(timeoutMs + WATCHDOG_GRACE_MS);
    app.log.info({ signal, timeoutMs }, "shutting down");
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs }, "shutdown did not finish in time; exiting anyway");
      exit(1);
    }, timeoutMs);
    deadline.unref();
    const cut = setTimeout(() => {
      app.log.warn("requests still under way; cutting their connections");
      app.server.closeAllConnections();
    }, timeoutMs / 2);
    cut.unref();

    let code = 0;
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, "closing the server failed");
      code = 1;
    }
    clearTimeout(cut);
    for (const step of steps) {
      try {
        await step.run();
      } catch (error) {
        app.log.error({ err: error, step: step.name }, "shutdown step failed");
        code = 1;
      }
    }
    clearTimeout(deadline);
    app.log.info({ code }, "shut down");
    exit(code);
  };
}
