import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PREFIX } from "@cohort/common/http";
import { buildApp } from "../src/app.js";
import { loadConfig, type Config } from "../src/config.js";
import { startErrorReporting } from "../src/lib/error-reporting.js";
import type { CaptchaProvider } from "../src/providers/captcha/index.js";
import { makeContact } from "./helpers/factories.js";
import { loginAs } from "./helpers/callout-factory.js";
import { createTestApp, type TestApp } from "./helpers/test-app.js";

/** A stand-in for the error-reporting service: keeps every envelope posted to it. */
interface ReportingStandIn {
  dsn: string;
  envelopes: string[];
  close(): Promise<void>;
}

async function startReportingStandIn(): Promise<ReportingStandIn> {
  const envelopes: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const gzipped = request.headers["content-encoding"] === "gzip";
      if (request.method === "POST" && request.url?.startsWith("/api/1/envelope/")) {
        envelopes.push((gzipped ? gunzipSync(body) : body).toString("utf8"));
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://0123456789abcdef0123456789abcdef@127.0.0.1:${port}/1`,
    envelopes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const SECRET_TOKEN = "9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928";

/** A captcha whose challenge fails the way a bug would: an error whose message names a person. */
const brokenCaptcha: CaptchaProvider = {
  createChallenge: () => Promise.reject(new Error("challenge store broke for ada.lovelace@example.org")),
  verify: () => Promise.resolve({ ok: true }),
};

let standIn: ReportingStandIn;
let t: TestApp;
let app: FastifyInstance;
let config: Config;

beforeAll(async () => {
  // The SDK keeps its breadcrumbs per process; test files before this one in the worker left theirs.
  const Sentry = await import("@sentry/node");
  for (const scope of [Sentry.getGlobalScope(), Sentry.getIsolationScope(), Sentry.getCurrentScope()]) {
    scope.clearBreadcrumbs();
  }
  standIn = await startReportingStandIn();
  t = await createTestApp();
  config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "/nonexistent-cohort-data",
    WEB_DIST_DIR: "/nonexistent",
    ERROR_REPORTING_DSN: standIn.dsn,
    // A geocoder nobody answers at: the kind of outside service that fails on its own.
    PHOTON_URL: "http://127.0.0.1:9/",
    // Both listen on loopback, which the server reaches only where the operator allows it.
    OUTGOING_ALLOW: "127.0.0.1",
  });
  app = await buildApp({ config, db: t.database.db, captcha: brokenCaptcha, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
  await standIn.close();
});

async function reports(): Promise<string[]> {
  const reporter = await startErrorReporting(config, app.log);
  await reporter?.flush(5000);
  // Error events only, not the SDK's own session or client reports.
  return standIn.envelopes.filter((envelope) => envelope.includes('{"type":"event"'));
}

describe("error reporting", () => {
  it("reports an unexpected server error, without emails, cookies, tokens or secret query parameters", async () => {
    const admin = await makeContact(t.database.db, { roles: ["admin"], email: "grace.hopper@example.org" });
    const cookie = await loginAs(app, admin);
    const response = await app.inject({
      method: "GET",
      url: `${API_PREFIX}/captcha/challenge?resetToken=${SECRET_TOKEN}&lang=de`,
      headers: { cookie, "user-agent": "Reporting test" },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: "internal-error" });

    const sent = await reports();
    expect(sent).toHaveLength(1);
    const envelope = sent[0]!;
    // The error and where it happened are there…
    expect(envelope).toContain("challenge store broke for [email]");
    expect(envelope).toContain('"route":"/api/1.0/captcha/challenge"');
    expect(envelope).toContain("lang=de");
    expect(envelope).toContain("Reporting test");
    expect(envelope).toContain(`"id":"${admin.id}"`);
    // …and nothing personal or secret.
    expect(envelope).not.toContain("example.org");
    expect(envelope).not.toContain(SECRET_TOKEN);
    expect(envelope).not.toContain(cookie.split("=")[1]!);
    expect(envelope).not.toMatch(/"cookie"/i);
  });

  it("reports an outside service that fails, though the caller gets its own error", async () => {
    const before = (await reports()).length;
    const response = await app.inject({ method: "GET", url: `${API_PREFIX}/geocode/search?query=Leipzig` });
    expect(response.statusCode).toBe(503);
    const sent = await reports();
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)).toContain('"route":"/api/1.0/geocode/search"');
  });

  it("does not report failures that are the client's", async () => {
    const before = (await reports()).length;
    const response = await app.inject({ method: "GET", url: `${API_PREFIX}/callout/no-such-callout` });
    expect(response.statusCode).toBe(404);
    expect(await reports()).toHaveLength(before);
  });

  it("lets the web app's pages reach the reporting service", async () => {
    const response = await app.inject({ method: "GET", url: "/profile" });
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toMatch(new RegExp(`connect-src [^;]*${new URL(standIn.dsn).origin.replaceAll(".", "\\.")}`));
  });

  it("loads nothing without a DSN", () => {
    expect(startErrorReporting(t.config, app.log)).toBeUndefined();
  });
});
