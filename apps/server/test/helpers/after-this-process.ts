import { spawn } from "node:child_process";

const quoted = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;

/**
 * Runs `commands`, one after another, once this process has ended, however it ends: a run
 * stopped before its teardown included. A guard in a session of its own, out of reach of a
 * signal to this process's group, waits for this process to close its standard input, by
 * ending or by `now`. `now` runs the commands at once and waits for them.
 */
export function afterThisProcess(commands: string[][]): { now(): Promise<void> } {
  const script = ["cat >/dev/null", ...commands.map((command) => `${command.map(quoted).join(" ")} >/dev/null 2>&1`)];
  const guard = spawn("sh", ["-c", script.join("; ")], { detached: true, stdio: ["pipe", "ignore", "ignore"] });
  const ended = new Promise<void>((resolve) => guard.once("close", () => resolve()));
  // A guard already gone (killed by hand) leaves nothing to close: not an error of the run.
  guard.stdin?.on("error", () => undefined);
  // The guard alone keeps no process alive; `now` waits for it.
  guard.unref();
  return {
    async now() {
      guard.ref();
      guard.stdin?.end();
      await ended;
    },
  };
}
