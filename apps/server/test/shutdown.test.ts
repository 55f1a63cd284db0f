import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { freshInstall, startServer, type RunningServer } from "./helpers/server-process.js";

/** The bound the server is started with; requests under way get half of it. */
const SHUTDOWN_TIMEOUT_MS = 3_000;

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
    const install = await freshInstall("shutdown");
    cleanup = install.cleanup;
    // Requests are logged at debug, so that the test sees when the server has taken them in.
    running = await startServer({
      ...install.env,
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      LOG_LEVEL: "debug",
    });
    const { port } = running;
    const server = running;
    const partialsTakenIn = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes("incoming request") && line.includes("no-such-callout")).length;

    // An idle keep-alive connection, after one answered request.
    const idle = await openConnection(port);
    idle.socket.write("GET /api/1.0/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
    await expect.poll(() => idle.received()).toMatch(/^HTTP\/1\.1 200/);
    // A request whose body finishes arriving after the signal, and one whose body never does.
    const finishing = await openConnection(port);
    finishing.socket.write(partialRequest);
    const stuck = await openConnection(port);
    stuck.socket.write(partialRequest);
    // Both partial requests are under way.
    await expect.poll(partialsTakenIn).toBe(2);

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
    const install = await freshInstall("shutdown-unread");
    cleanup = install.cleanup;
    // At debug every request logs its address: 30 requests' lines fill the 64 KiB pipe several times over.
    running = await startServer(
      { ...install.env, SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), LOG_LEVEL: "debug" },
      { readStdout: false },
    );
    const longUrl = `http://127.0.0.1:${running.port}/api/1.0/health?${"x".repeat(12_000)}`;
    for (let request = 0; request < 30; request++) {
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
  }, 150_000);
});
