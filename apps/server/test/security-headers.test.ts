import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PREFIX } from "@cohort/common/http";
import { PERMISSIONS_POLICY, registerSecurityHeaders } from "../src/http/security-headers.js";
import { createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let proxied: TestApp;
let webDir: string;

beforeAll(async () => {
  // A stand-in for the built web app, so that pages take the SPA fallback.
  webDir = mkdtempSync(path.join(tmpdir(), "cohort-web-"));
  mkdirSync(path.join(webDir, "assets"));
  writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Cohort</title><div id=root></div>");
  writeFileSync(path.join(webDir, "embed.js"), "/* embed */");
  writeFileSync(path.join(webDir, "assets", "index-abc123.js"), "export {};");
  t = await createTestApp({
    WEB_DIST_DIR: webDir,
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: "12111",
    STRIPE_API_PROTOCOL: "http",
  });
  proxied = await createTestApp({ WEB_DIST_DIR: webDir, TRUST_PROXY: "true" });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, app = t) =>
  app.app.inject({ method: "GET", url, headers });

/** The directives of the Content-Security-Policy, by name. */
function policy(response: LightMyRequestResponse): Map<string, string> {
  const header = response.headers["content-security-policy"];
  expect(typeof header, `no policy on ${response.statusCode}`).toBe("string");
  return new Map(
    String(header)
      .split(";")
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name = "", ...values] = directive.split(/\s+/);
        return [name, values.join(" ")];
      }),
  );
}

function expectFramedBySelfOnly(response: LightMyRequestResponse) {
  expect(policy(response).get("frame-ancestors")).toBe("'self'");
  expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
}

function expectFramedByAnySite(response: LightMyRequestResponse) {
  expect(policy(response).get("frame-ancestors")).toBe("*");
  expect(response.headers["x-frame-options"]).toBeUndefined();
}

describe("security headers", () => {
  it("give the web app's pages a policy that runs only the app's and Stripe's scripts", async () => {
    const response = await get("/admin");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    const directives = policy(response);
    expect(directives.get("default-src")).toBe("'self'");
    expect(directives.get("script-src")).toBe("'self' https://js.stripe.com https://*.js.stripe.com");
    expect(directives.get("script-src")).not.toMatch(/unsafe-inline|unsafe-eval|data:|\*(?!\.)/);
    expect(directives.get("frame-src")).toBe("https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    // Stripe's API, the stand-in this server is configured to use instead, and the basemap of Settings → Maps.
    expect(directives.get("connect-src")).toBe(
      "'self' https://api.stripe.com http://127.0.0.1:12111 https://tiles.openfreemap.org",
    );
    expect(directives.get("img-src")).toBe("'self' data: blob: https: http:");
    expect(directives.get("object-src")).toBe("'none'");
    expect(directives.get("base-uri")).toBe("'self'");
    expect(directives.get("form-action")).toBe("'self'");
    expect(response.headers["permissions-policy"]).toContain("camera=()");
    expect(response.headers["permissions-policy"]).toContain("microphone=()");
    expect(response.headers["permissions-policy"]).toContain('payment=(self "https://js.stripe.com")');
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("let other sites frame only the embeddable pages", async () => {
    for (const url of [
      "/callouts/bike-lanes",
      "/callouts/bike-lanes/",
      "/callouts/bike-lanes/respond",
      "/callouts/bike-lanes/respond?lang=de",
      "/callouts/bike-lanes/thanks",
      "/callouts/bike-lanes/gallery",
      "/callouts/bike-lanes/map",
      "/join",
      "/join/failed",
      "/join/complete?setup_intent=seti_1",
      "/join/confirm-email",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expectFramedByAnySite(response);
    }
    for (const url of [
      "/",
      "/admin",
      "/admin/callouts/edit/bike-lanes",
      "/admin/settings",
      "/auth/login",
      "/auth/reset-password/x",
      "/profile",
      "/profile/contribution",
      "/callouts",
      "/callouts/bike-lanes/respond/more",
      "/join/setup",
      "/join/survey",
      "/setup",
      "/no-such-page",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expectFramedBySelfOnly(response);
    }
  });

  it("keep the API, files and errors out of other sites' frames", async () => {
    const api = await get(`${API_PREFIX}/content/general`);
    expect(api.statusCode).toBe(200);
    expect(policy(api).get("default-src")).toBe("'none'");
    expectFramedBySelfOnly(api);

    // Even an API path that looks like an embeddable page.
    expectFramedBySelfOnly(await get(`${API_PREFIX}/callouts/x/respond`));
    const missing = await get(`${API_PREFIX}/no-such-route`);
    expect(missing.statusCode).toBe(404);
    expectFramedBySelfOnly(missing);
    const refused = await t.app.inject({ method: "POST", url: `${API_PREFIX}/callout`, payload: {} });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expectFramedBySelfOnly(refused);

    for (const url of ["/embed.js", "/assets/index-abc123.js"]) {
      const file = await get(url);
      expect(file.statusCode, url).toBe(200);
      expectFramedBySelfOnly(file);
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("let a framed join reach the test checkout", async () => {
    expectFramedByAnySite(await get("/test-checkout/0b5c8f1e-9a7f-4a53-9f36-4a3b9d2f6c1a"));
  });

  it("keep a route's own stricter policy, with the framing rule added", async () => {
    const app = Fastify();
    registerSecurityHeaders(app, t.config);
    app.get("/strict", (_request, reply) =>
      reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'").send("ok"),
    );
    app.get("/join", (_request, reply) => reply.header("content-security-policy", "default-src 'none'").send("ok"));
    try {
      const strict = await app.inject({ method: "GET", url: "/strict" });
      expect(strict.headers["content-security-policy"]).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
      );
      expect((await app.inject({ method: "GET", url: "/join" })).headers["content-security-policy"]).toBe(
        "default-src 'none'; frame-ancestors *",
      );
    } finally {
      await app.close();
    }
  });

  it("send HSTS over HTTPS only, reading the proxy's header when the proxy is trusted", async () => {
    expect((await get("/join")).headers["strict-transport-security"]).toBeUndefined();
    // Not trusted: a client cannot claim HTTPS.
    expect((await get("/join", { "x-forwarded-proto": "https" })).headers["strict-transport-security"]).toBeUndefined();

    const secure = await get("/admin", { "x-forwarded-proto": "https" }, proxied);
    expect(secure.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const api = await get(`${API_PREFIX}/content/general`, { "x-forwarded-proto": "https" }, proxied);
    expect(api.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(
      (await get("/admin", { "x-forwarded-proto": "http" }, proxied)).headers["strict-transport-security"],
    ).toBeUndefined();
  });

  it("come with the router's own refusals too, and with Node's", async () => {
    const badEncoding = await get(`${API_PREFIX}/callout/%E0%A4%A`);
    const tooLong = await get(`${API_PREFIX}/callout/${"a".repeat(600)}`);
    const badPage = await get("/callouts/%E0%A4%A/respond");
    expect([badEncoding.statusCode, tooLong.statusCode, badPage.statusCode]).toEqual([400, 414, 400]);
    expect(policy(badPage).get("script-src")).toMatch(/^'self' /);
    for (const response of [badEncoding, tooLong, badPage]) {
      expect(policy(response).get("default-src")).toBe(response === badPage ? "'self'" : "'none'");
      expectFramedBySelfOnly(response);
      expect(response.headers["permissions-policy"]).toBe(PERMISSIONS_POLICY);
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["x-cohort-version"]).toBe("0.1.0 / dev");
    }
    // A page address Node's parser refuses (headers over the limit) never reaches Fastify.
    const base = await proxied.app.listen({ port: 0, host: "127.0.0.1" });
    const refused = await fetch(`${base}/callouts/x/respond?${"a".repeat(20_000)}`);
    expect(refused.status).toBe(431);
    expect(refused.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(refused.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(refused.headers.get("permissions-policy")).toBe(PERMISSIONS_POLICY);
    expect(refused.headers.get("x-cohort-version")).toBe("0.1.0 / dev");
  });

  it("leave the Stripe stand-in out when Stripe's own API is used", async () => {
    expect(policy(await get("/join", {}, proxied)).get("connect-src")).toBe(
      "'self' https://api.stripe.com https://tiles.openfreemap.org",
    );
  });
});
