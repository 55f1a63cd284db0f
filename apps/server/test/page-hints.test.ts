import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { FIRST_PAGE_FILES, type FirstPageFiles } from "@cohort/common/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { injectHints, loadPageHints } from "../src/http/page-hints.js";
import { createTestApp, type TestApp } from "./helpers/test-app.js";

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Cohort</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc123.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

const FIRST_PAGES: FirstPageFiles = {
  pages: [
    {
      path: "/callouts/:id/respond",
      reads: ["publicCallout"],
      scripts: ["/assets/callout-page-abc.js", "/assets/form-abc.js"],
      styles: ["/assets/form-abc.css"],
    },
    { path: "/join", reads: ["joinContent"], scripts: ["/assets/join-page-abc.js"], styles: [] },
  ],
};

const SESSION = `<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/1.0/contact/me?with=roles&amp;with=isReviewer" />`;
const GENERAL = `<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/1.0/content/general" />`;

/** The href of every tag with that rel in the page, in order. */
function hrefs(html: string, rel: string): string[] {
  return [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]*)"`, "g"))].map((match) => match[1]!);
}

let webDir: string;
let t: TestApp;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), "cohort-hints-"));
  mkdirSync(path.join(webDir, "assets"));
  mkdirSync(path.join(webDir, ".vite"));
  writeFileSync(path.join(webDir, "index.html"), INDEX_HTML);
  writeFileSync(path.join(webDir, FIRST_PAGE_FILES), JSON.stringify(FIRST_PAGES));
  const script = `export const words = "${"a callout form ".repeat(200)}";`;
  writeFileSync(path.join(webDir, "assets", "form-abc.js"), script);
  writeFileSync(path.join(webDir, "assets", "form-abc.js.br"), brotliCompressSync(script));
  t = await createTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** A visit from someone with a session cookie (its value does not matter to the page). */
const withCookie = () => ({ cookie: `${t.config.session.cookieName}=anything` });

describe("page hints", () => {
  it("names the reads every page makes before the entry script, on any page", async () => {
    const response = await t.app.inject({ method: "GET", url: "/profile", headers: withCookie() });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(SESSION);
    expect(html).toContain(GENERAL);
    expect(html.indexOf(SESSION)).toBeLessThan(html.indexOf("<script"));
    expect(html.indexOf('<meta charset="UTF-8" />')).toBeLessThan(html.indexOf(SESSION));
    expect(hrefs(html, "modulepreload")).toEqual(["/assets/react-abc123.js"]);
  });

  it("names a first page's files after the entry script's, and its own reads", async () => {
    const html = (await t.app.inject({ method: "GET", url: "/callouts/town-hall/respond", headers: withCookie() }))
      .body;
    expect(hrefs(html, "preload")).toEqual([
      "/api/1.0/contact/me?with=roles&amp;with=isReviewer",
      "/api/1.0/content/general",
      "/api/1.0/callout/town-hall?with=form&amp;with=hasAnswered&amp;with=variantNames&amp;with=responseViewSchema",
      "/assets/form-abc.css",
    ]);
    expect(hrefs(html, "modulepreload")).toEqual([
      "/assets/react-abc123.js",
      "/assets/callout-page-abc.js",
      "/assets/form-abc.js",
    ]);
  });

  it("neither fetches nor lets the app ask for the session on a visit without a session cookie", async () => {
    const html = (await t.app.inject({ method: "GET", url: "/callouts/town-hall/respond" })).body;
    expect(html).not.toContain("/contact/me");
    expect(html).toContain(GENERAL);
    expect(html).toContain('<meta name="cohort-session" content="none" />');
    const withSession = (await t.app.inject({ method: "GET", url: "/profile", headers: withCookie() })).body;
    expect(withSession).not.toContain("cohort-session");
  });

  it("takes a trailing slash, and names only its own page's reads", async () => {
    const html = (await t.app.inject({ method: "GET", url: "/join/" })).body;
    expect(hrefs(html, "preload")).toContain("/api/1.0/content/join");
    expect(html).not.toContain("/api/1.0/callout/");
    expect(hrefs(html, "modulepreload")).toContain("/assets/join-page-abc.js");
  });

  it("encodes the slug as the app does, and gives no read for a path no callout could have", async () => {
    const encoded = (await t.app.inject({ method: "GET", url: "/callouts/%22%3E%3Cscript%3E/respond" })).body;
    expect(encoded).toContain('href="/api/1.0/callout/%22%3E%3Cscript%3E?with=form');
    expect(encoded).not.toContain('"><script>');

    const malformed = await t.app.inject({ method: "GET", url: "/callouts/%E0%A4%A/respond" });
    expect(malformed.statusCode).toBe(400);

    const tooLong = (await t.app.inject({ method: "GET", url: `/callouts/${"x".repeat(500)}/respond` })).body;
    expect(tooLong).not.toContain("/api/1.0/callout/");
  });

  it("serves a file's brotli copy as it is to a browser that takes it", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/assets/form-abc.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain("a callout form");
  });

  it("refuses a list of first pages that names something other than a built file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cohort-hints-bad-"));
    try {
      mkdirSync(path.join(dir, ".vite"));
      const bad = { pages: [{ path: "/join", reads: [], scripts: ['/assets/x.js"><script>'], styles: [] }] };
      writeFileSync(path.join(dir, FIRST_PAGE_FILES), JSON.stringify(bad));
      expect(() => loadPageHints(dir)).toThrow(/is not a list of first pages from the web build/);
      writeFileSync(path.join(dir, FIRST_PAGE_FILES), "{ not json");
      expect(() => loadPageHints(dir)).toThrow(/rebuild the web app/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves a page without a script or head as it is", () => {
    expect(injectHints("<p>plain</p>", { reads: "<link />", files: "<link />" })).toBe("<p>plain</p>");
  });
});
