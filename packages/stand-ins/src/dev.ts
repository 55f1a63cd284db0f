import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startDevelopmentStandIns } from "./development.js";

/**
 * `npm run dev`: the server with reload (the server workspace's own `dev`
 * script) and the web app's dev server with hot reload (the web workspace's),
 * side by side. The web app's address is the one to open: it serves the pages
 * and passes `/api` and `/upload` on to the server, and the server's `APP_URL`
 * is set to it, so the links Cohort emails and accepts lead there (decision 049).
 * With `--stand-ins` it first starts the stand-ins of `development.ts` and
 * gives the server their settings, so a join through Stripe or GoCardless,
 * address search and the basemap work without the internet. Other arguments
 * go on to the server's script. A signal stops all of them at once.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const args = process.argv.slice(2);
const withStandIns = args.includes("--stand-ins");

const apiPort = Number(process.env.PORT ?? 3000);
const webPort = Number(process.env.WEB_PORT ?? 5173);
const apiUrl = `http://localhost:${apiPort}`;
const webUrl = `http://localhost:${webPort}`;

// The server's script runs in its workspace folder, so a relative DATA_DIR is read from there.
const dataDir = path.resolve(repoRoot, "apps", "server", process.env.DATA_DIR ?? "data");
const standIns = withStandIns ? await startDevelopmentStandIns(dataDir, process.env) : undefined;

/** Runs a workspace's `dev` script in a process group of its own, so a signal reaches its whole tree. */
function runWorkspace(workspace: string, scriptArgs: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(
    "npm",
    ["run", "dev", "--silent", "--workspace", workspace, ...(scriptArgs.length ? ["--", ...scriptArgs] : [])],
    {
      cwd: repoRoot,
      env,
      // Neither reads the terminal: a process group in the background that did would be stopped.
      stdio: ["ignore", "inherit", "inherit"],
      detached: true,
    },
  );
}

const rest = args.filter((arg) => arg !== "--stand-ins");
const server = runWorkspace("@cohort/server", rest, {
  ...process.env,
  ...standIns?.env,
  PORT: String(apiPort),
  APP_URL: process.env.APP_URL ?? webUrl,
});
// Its own start-up lines are left out: the block below says where it listens.
const web = runWorkspace(
  "@cohort/web",
  ["--port", String(webPort), "--strictPort", "--clearScreen", "false", "--logLevel", "warn"],
  {
    ...process.env,
    COHORT_API_URL: apiUrl,
  },
);
const children = [server, web];

let stopping = false;
let signalled = false;
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
function stop(signal: NodeJS.Signals): void {
  stopping = true;
  for (const child of children) signalGroup(child, signal);
}
// Ctrl-C, a stop, or the terminal closing.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    signalled = true;
    stop(signal === "SIGHUP" ? "SIGTERM" : signal);
  });
}
// npm passes a SIGTERM to the shell that runs this script, which ends without passing it on:
// once that parent is gone, everything stops as if signalled.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && !stopping) {
    signalled = true;
    stop("SIGTERM");
  }
}, 250).unref();

/** Whether any process of the group led by `pid` is still running. */
function groupRuns(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Resolves with the child's exit code once its whole group has ended (npm may exit before the
 * server it started has shut down); what still runs past the server's own bound is killed.
 */
async function ended(child: ChildProcess): Promise<number> {
  const code = await new Promise<number>((resolve) =>
    child.once("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
  );
  const giveUpAt = Date.now() + 15_000;
  while (child.pid && groupRuns(child.pid)) {
    if (Date.now() > giveUpAt) signalGroup(child, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return code;
}

const exits = children.map((child) =>
  ended(child).then((code) => {
    // When one stops by itself (a port in use, a crash), the other stops too.
    if (!stopping) stop("SIGTERM");
    return code;
  }),
);
void Promise.all(exits).then(async (codes) => {
  await standIns?.close();
  process.exit(signalled ? 0 : (codes.find((code) => code !== 0) ?? 0));
});

/** Resolves once `url` answers, or never if everything stops first. */
async function answers(url: string): Promise<void> {
  while (!stopping) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  await new Promise(() => undefined);
}

await Promise.all([answers(`${apiUrl}/api/1.0/health`), answers(`${webUrl}/`)]);
// Labels as wide as the stand-ins' (development.ts), so that the addresses line up.
const lines = [
  `Web app         ${webUrl}/ (open this one)`,
  `API             ${apiUrl}/api/1.0 (the web app passes /api and /upload on to it)`,
  ...(standIns ? standIns.summary : []),
];
process.stdout.write(
  `\n  Cohort for development (edits reload; Ctrl-C stops everything):\n${lines.map((line) => `    ${line}\n`).join("")}\n`,
);
