import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { TEMPLATE_DATABASE } from "./helpers/global-setup-postgres.js";

const serverRoot = fileURLToPath(new URL("..", import.meta.url));
/** The bound the server is started with; requests under way get half of it. */
const SHUTDOWN_TIMEOUT_MS = 3_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** The environment of a fresh install: an empty data folder, and on PostgreSQL a copy of the migrated template. */
async function freshInstall(): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "cohort-shutdown-"));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const target = inject("database");
  if (target.kind === "pglite") return { env: { DATA_DIR: dataDir }, cleanup: async () => removeDir() };
  const adminUrl = target.template.replace(`/${TEMPLATE_DATABASE}`, "/postgres");
  const name = `shutdown_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  await admin.end();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: adminUrl.replace(/\/postgres$/, `/${name}`) },
    cleanup: async () => {
      removeDir();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

interface RunningServer {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/**
 * Starts the real server from source, as `npm run dev` does, and waits until it answers.
 * With `readStdout: false` its standard output is a pipe that nobody reads.
 */
async function startServer(env: Record<string, string>, { readStdout = true } = {}): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=cohort-source", "src/main.ts"], {
    cwd: serverRoot,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "info",
      WEB_DIST_DIR: "/nonexistent",
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
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

/** A raw connection that records what comes back and when the server closed it. */
function openConnection(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString()));
    const closed = new Promise<number>((done) => socket.on("close", () => done(Date.now())));
    socket.on("error", () => undefined);
    socket.once("connect", () => resolve({ socket, received: () => received, closed }));
    socket.once("error", reject);
  });
}

const BODY = JSON.stringify({ answers: { slide: { text: "x".repeat(200) } } });
/** The head and first half of a request whose body is still on its way. */
const partialRequest = [
  "POST /api/1.0/callout/no-such-callout/responses HTTP/1.1",
  "Host: 127.0.0.1",
  "Content-Type: application/json",
  "X-Requested-With: XMLHttpRequest",
  `Content-Length: ${Buffer.byteLength(BODY)}`,
  "",
  BODY.slice(0, 100),
].join("\r\n");

let running: RunningServer | undefined;
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  if (running && running.child.exitCode === null && running.child.signalCode === null) running.child.kill("SIGKILL");
  await running?.exited;
  await cleanup?.();
  running = undefined;
  cleanup = undefined;
});

describe("shutting down on SIGTERM", () => {
  it("finishes requests under way, cuts the rest at the bound, and exits", async () => {
    const install = await freshInstall();
    cleanup = install.cleanup;
    running = await startServer(install.env);
    const { port } = running;

    // An idle keep-alive connection, after one answered request.
    const idle = await openConnection(port);
    idle.socket.write("GET /api/1.0/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
    await expect.poll(() => idle.received()).toMatch(/^HTTP\/1\.1 200/);
    // A request whose body finishes arriving after the signal, and one whose body never does.
    const finishing = await openConnection(port);
    finishing.socket.write(partialRequest);
    const stuck = await openConnection(port);
    stuck.socket.write(partialRequest);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = Date.now();
    running.child.kill("SIGTERM");
    await expect.poll(() => running!.output()).toContain("shutting down");
    // Nothing new is served once shutting down has begun.
    const late = await fetch(`http://127.0.0.1:${port}/api/1.0/health`).then(
      (response) => response.status,
      () => "refused",
    );
    expect(["refused", 503]).toContain(late);
    finishing.socket.write(BODY.slice(100));

    const exit = await running.exited;
    const took = exit.at - signalled;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(took).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 1_500);
    // The request under way got its whole answer.
    expect(finishing.received()).toMatch(/^HTTP\/1\.1 404[\s\S]*"code":"not-found"/);
    // The idle connection was closed at once, the stuck one cut after half the bound.
    expect((await idle.closed) - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS / 2);
    const stuckClosed = (await stuck.closed) - signalled;
    expect(stuckClosed).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS / 2 - 100);
    expect(stuckClosed).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(stuck.received()).toBe("");
    expect(running.output()).toContain("cutting their connections");
  }, 90_000);

  it("exits within the bound when nobody reads its log output", async () => {
    const install = await freshInstall();
    cleanup = install.cleanup;
    running = await startServer(install.env, { readStdout: false });
    // Every request logs its address: a megabyte of lines fills the pipe several times over.
    const longUrl = `http://127.0.0.1:${running.port}/api/1.0/health?${"x".repeat(12_000)}`;
    for (let request = 0; request < 100; request++) {
      expect((await fetch(longUrl)).status).toBe(200);
    }

    const signalled = Date.now();
    running.child.kill("SIGTERM");
    const bound = SHUTDOWN_TIMEOUT_MS + 1_000;
    const exit = await Promise.race([
      running.exited,
      new Promise<"still running">((resolve) => setTimeout(() => resolve("still running"), bound).unref()),
    ]);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit !== "still running" && exit.at - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
  }, 90_000);
});
