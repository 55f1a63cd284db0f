import type { FastifyInstance } from "fastify";

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
 * answers). Calls after the first do nothing.
 */
export function gracefulShutdown(options: ShutdownOptions): (signal: string) => Promise<void> {
  const { app, timeoutMs, steps } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started = false;
  return async (signal) => {
    if (started) return;
    started = true;
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
