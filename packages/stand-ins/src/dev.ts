import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startDevelopmentStandIns } from "./development.js";

/**
 * `npm run dev`: the server with reload (the server workspace's own `dev`
 * script). With `--stand-ins` it first starts the stand-ins of
 * `development.ts` and gives the server their settings, so a join through
 * Stripe or GoCardless, address search and the basemap work without the
 * internet. Other arguments go on to the server's script.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const args = process.argv.slice(2);
const withStandIns = args.includes("--stand-ins");

// The server's script runs in its workspace folder, so a relative DATA_DIR is read from there.
const dataDir = path.resolve(repoRoot, "apps", "server", process.env.DATA_DIR ?? "data");
const standIns = withStandIns ? await startDevelopmentStandIns(dataDir, process.env) : undefined;
if (standIns) {
  process.stdout.write(`Stand-ins for development:\n${standIns.summary.map((line) => `  ${line}\n`).join("")}`);
}

const rest = args.filter((arg) => arg !== "--stand-ins");
const server = spawn("npm", ["run", "dev", "--workspace", "@cohort/server", ...(rest.length ? ["--", ...rest] : [])], {
  cwd: repoRoot,
  env: { ...process.env, ...standIns?.env },
  stdio: "inherit",
  // A group of its own, so a signal reaches the whole tree (npm, tsx watch, the server).
  detached: true,
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (server.pid) process.kill(-server.pid, signal);
  });
}
server.once("exit", (code, signal) => {
  void (standIns?.close() ?? Promise.resolve()).then(() => process.exit(code ?? (signal ? 1 : 0)));
});
