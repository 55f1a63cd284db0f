import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { createTestApp, type TestApp } from "./helpers/test-app.js";

let plain: TestApp;
let withHosts: TestApp;
let webDir: string;

beforeAll(async () => {
  // A stand-in for the built web app, so that pages take the SPA fallback.
  webDir = mkdtempSync(path.join(tmpdir(), "cohort-web-"));
  mkdirSync(path.join(webDir, "assets"));
  writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Cohort</title><div id=root></div>");
  plain = await createTestApp({ WEB_DIST_DIR: webDir });
  withHosts = await createTestApp({
    WEB_DIST_DIR: webDir,
    MAP_HOSTS: "https://api.maptiler.com, https://*.tiles.example.org:8443",
  });
});
afterAll(async () => {
  await plain.close();
  await withHosts.close();
  rmSync(webDir, { recursive: true, force: true });
});

function directive(response: LightMyRequestResponse, name: string): string[] {
  const header = String(response.headers["content-security-policy"]);
  const found = header
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found?.slice(1) ?? [];
}

const page = (app: TestApp, url: string) => app.app.inject({ method: "GET", url });

describe("the policy of the public maps", () => {
  it("loads the map's worker from this site only: no blob: or data: workers", async () => {
    const response = await page(plain, "/callouts/floods/map");
    expect(response.statusCode).toBe(200);
    expect(directive(response, "worker-src")).toEqual(["'self'"]);
    expect(directive(response, "script-src")).not.toContain("blob:");
  });

  it("lets map data come from this site and the chosen basemap only, unless MAP_HOSTS names more", async () => {
    const connect = directive(await page(plain, "/callouts/floods/map"), "connect-src");
    expect(connect).toContain("'self'");
    expect(connect).not.toContain("https:");
    expect(connect).not.toContain("https://api.maptiler.com");
  });

  it("adds the configured map hosts to connect-src on every page, since the app moves between pages without reloading", async () => {
    for (const url of ["/callouts/floods/map", "/callouts/floods/respond", "/callouts/floods/gallery", "/"]) {
      const connect = directive(await page(withHosts, url), "connect-src");
      expect(connect, url).toEqual(
        expect.arrayContaining(["'self'", "https://api.maptiler.com", "https://*.tiles.example.org:8443"]),
      );
      expect(connect, url).not.toContain("https:");
    }
  });

  it("keeps the API answers loading nothing", async () => {
    const response = await withHosts.app.inject({ method: "GET", url: "/api/1.0/health" });
    expect(directive(response, "default-src")).toEqual(["'none'"]);
    expect(directive(response, "connect-src")).toEqual([]);
  });

  it("lets the map page be framed by other sites, like the other embeddable pages", async () => {
    const response = await page(plain, "/callouts/floods/map");
    expect(directive(response, "frame-ancestors")).toEqual(["*"]);
    expect(response.headers["x-frame-options"]).toBeUndefined();
  });
});

describe("MAP_HOSTS", () => {
  it("takes origins separated by commas or spaces", () => {
    expect(
      loadConfig({ MAP_HOSTS: "https://a.example.org,  http://b.example.org:8080 https://*.c.example.org" }).mapHosts,
    ).toEqual(["https://a.example.org", "http://b.example.org:8080", "https://*.c.example.org"]);
    expect(loadConfig({}).mapHosts).toEqual([]);
    expect(loadConfig({ MAP_HOSTS: "" }).mapHosts).toEqual([]);
  });

  it.each([
    "https:",
    "*",
    "https://a.example.org/tiles",
    "ftp://a.example.org",
    "https://a.example.org; script-src *",
    "'unsafe-inline'",
  ])("refuses %s, which would widen the policy or break it", (value) => {
    expect(() => loadConfig({ MAP_HOSTS: value })).toThrow();
  });
});
