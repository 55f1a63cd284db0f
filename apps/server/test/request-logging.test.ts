import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogDestination } from "../src/lib/log-destination.js";
import { terminalLine } from "../src/lib/log-lines.js";
import { createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let logged: string[] = [];
const output = new PassThrough();
output.on("data", (chunk: Buffer) => logged.push(...chunk.toString().split("\n").filter(Boolean)));

beforeAll(async () => {
  t = await createTestApp({}, { logDestination: createLogDestination(output) });
});
afterAll(() => t.close());

/** The messages logged while `run` ran. */
async function messagesDuring(run: () => Promise<unknown>): Promise<string[]> {
  logged = [];
  await run();
  await new Promise((resolve) => setImmediate(resolve));
  return logged.map((line) => (JSON.parse(line) as { msg: string }).msg);
}

describe("request logs", () => {
  it("are left out at the default level, and written at debug", async () => {
    expect(t.config.logLevel).toBe("info");
    const quiet = await messagesDuring(() => t.app.inject({ method: "GET", url: "/api/1.0/health" }));
    expect(quiet).not.toContain("incoming request");
    expect(quiet).not.toContain("request completed");
    // Warnings still are.
    const warned = await messagesDuring(async () => t.app.log.warn("something to see"));
    expect(warned).toEqual(["something to see"]);

    t.app.log.level = "debug";
    try {
      const all = await messagesDuring(() => t.app.inject({ method: "GET", url: "/api/1.0/health" }));
      expect(all).toEqual(expect.arrayContaining(["incoming request", "request completed"]));
    } finally {
      t.app.log.level = "info";
    }
  });
});

describe("log lines in a terminal", () => {
  const time = new Date(2026, 10, 28, 9, 5, 7, 42).getTime();

  it("are one line: time, level, message and the fields worth seeing", () => {
    const line = terminalLine(
      `${JSON.stringify({ level: 30, time, pid: 7, hostname: "h", msg: "Cohort is running", database: "pglite", url: "http://localhost:3000" })}\n`,
    );
    expect(line).toBe("09:05:07.042 INFO  Cohort is running  database=pglite url=http://localhost:3000\n");
  });

  it("show a request by its method, address, status and time", () => {
    const line = terminalLine(
      `${JSON.stringify({ level: 20, time, pid: 7, reqId: "req-1", res: { statusCode: 404 }, responseTime: 3.6, msg: "request completed" })}\n`,
    );
    expect(line).toBe("09:05:07.042 DEBUG request completed  status=404 took=4ms reqId=req-1\n");
    const incoming = terminalLine(
      `${JSON.stringify({ level: 20, time, reqId: "req-1", req: { method: "GET", url: "/api/1.0/health", host: "x" }, msg: "incoming request" })}\n`,
    );
    expect(incoming).toBe("09:05:07.042 DEBUG GET /api/1.0/health incoming request  reqId=req-1\n");
  });

  it("quote values with spaces, write objects as JSON and keep an error's stack below", () => {
    const line = terminalLine(
      `${JSON.stringify({ level: 50, time, msg: "failed", job: "daily digest", counts: { sent: 2 }, err: { type: "Error", message: "boom", stack: "Error: boom\n    at x" } })}\n`,
    );
    expect(line).toBe(
      '09:05:07.042 ERROR failed  job="daily digest" counts={"sent":2}\n    Error: boom\n        at x\n',
    );
    expect(
      terminalLine(
        `${JSON.stringify({ level: 40, time, msg: "no stack", err: { type: "TypeError", message: "bad" } })}\n`,
      ),
    ).toBe('09:05:07.042 WARN  no stack  err="TypeError: bad"\n');
  });

  it("leave a line that is not JSON as it is", () => {
    expect(terminalLine("plain text\n")).toBe("plain text\n");
  });

  it("are what a destination writes to a terminal, JSON elsewhere", async () => {
    const terminal = Object.assign(new PassThrough(), { isTTY: true });
    const pipe = new PassThrough();
    const entry = `${JSON.stringify({ level: 30, time, msg: "hello" })}\n`;
    createLogDestination(terminal).write(entry);
    createLogDestination(pipe).write(entry);
    expect(String(terminal.read())).toBe("09:05:07.042 INFO  hello\n");
    expect(String(pipe.read())).toBe(entry);
  });
});
