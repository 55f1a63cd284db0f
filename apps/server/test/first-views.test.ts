import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { inProcessTransport, RENDERER_FILE } from "../src/http/first-views.js";
import { createTestApp, type TestApp } from "./helpers/test-app.js";

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Cohort</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * A stand-in for the web build's renderer, with the same exports: it reads the settings through the
 * transport it is lent, cleans rich text with the cleaner it is lent, and counts its renders.
 */
const RENDERER = `
globalThis.firstViewRenders = 0;
export const isPrerendered = (pathname) => /^\\/callouts\\/[^/]+(\\/respond)?\\/?$/.test(pathname);
export async function renderPage(url, { transport, cleanHtml }) {
  globalThis.firstViewRenders += 1;
  if (url.pathname.includes("broken")) throw new Error("the page broke");
  if (url.pathname.includes("elsewhere")) return null;
  if (url.pathname.includes("slow")) await globalThis.slowRendersMayEnd;
  const response = await transport("/api/1.0/content/general", { headers: { Accept: "application/json" } });
  const content = await response.json();
  const intro = cleanHtml('<p onclick="steal()">Tell us<script>steal()</script></p>');
  return {
    html: '<form><label for="a">Your story</label><textarea id="a"></textarea><div style="width:50%"></div>' + intro + "</form>",
    state: { queries: [{ queryKey: ["content"], state: { data: content, title: "</script><script>alert(1)</script>" } }] },
    lang: "de-DE",
    themeCss: ":root{--color-primary:#112233}",
  };
}
`;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const renders = () => (globalThis as { firstViewRenders?: number }).firstViewRenders ?? 0;

let webDir: string;
let t: TestApp;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), "cohort-first-views-"));
  mkdirSync(path.join(webDir, path.dirname(RENDERER_FILE)), { recursive: true });
  writeFileSync(path.join(webDir, "index.html"), INDEX_HTML);
  writeFileSync(path.join(webDir, RENDERER_FILE), RENDERER);
  t = await createTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** Each test its own callout address, so that no view kept by another is reused. */
let slug = 0;
beforeEach(() => {
  slug += 1;
});
const page = (suffix = "/respond") => `/callouts/story-${slug}${suffix}`;

describe("first views", () => {
  it("sends a shared callout's form rendered, with the answers it was made from and its language", async () => {
    const response = await t.app.inject({ method: "GET", url: page() });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<div id="root"><form><label for="a">Your story</label><textarea id="a"></textarea>');
    expect(html).toContain('<html lang="de-DE">');
    expect(html).toContain("<style>:root{--color-primary:#112233}</style>");
    // The answers the renderer read through the server's own routes, as JSON that cannot end its element.
    const state = /<script type="application\/json" id="cohort-state">(.*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(state).not.toContain("<");
    const parsed = JSON.parse(state) as { queries: { state: { data: { organisationName: string }; title: string } }[] };
    expect(parsed.queries[0]!.state.data.organisationName).toEqual(expect.any(String));
    expect(parsed.queries[0]!.state.title).toBe("</script><script>alert(1)</script>");
    // The page carries its reads: the browser is not told to fetch them again.
    expect(html).not.toContain('rel="preload" as="fetch"');
  });

  it("cleans rich text with the server's sanitiser", async () => {
    const html = (await t.app.inject({ method: "GET", url: page("") })).body;
    expect(html).toContain("<p>Tell us</p>");
    expect(html).not.toContain("steal()");
  });

  it("allows exactly the page's own inline styles in its policy", async () => {
    const response = await t.app.inject({ method: "GET", url: page() });
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toContain("style-src 'self';");
    expect(policy).toContain(`style-src-elem 'self' ${sha256(":root{--color-primary:#112233}")}`);
    expect(policy).toContain(`style-src-attr 'unsafe-hashes' ${sha256("width:50%")}`);
    expect(policy).toContain("script-src 'self' https://js.stripe.com");
    expect(policy).toMatch(/frame-ancestors \*/);
  });

  it("renders a page once, however many visitors open it at the same time", async () => {
    const before = renders();
    const pages = await Promise.all(Array.from({ length: 5 }, () => t.app.inject({ method: "GET", url: page() })));
    expect(pages.every((response) => response.body.includes("<textarea"))).toBe(true);
    expect(renders() - before).toBe(1);
  });

  it("sends the plain app to a visitor with a session, inside a frame, or with more in the address", async () => {
    const before = renders();
    const withSession = await t.app.inject({
      method: "GET",
      url: page(),
      cookies: { [t.ctx.config.session.cookieName]: "a-session" },
    });
    const framed = await t.app.inject({ method: "GET", url: page(), headers: { "sec-fetch-dest": "iframe" } });
    const prefilled = await t.app.inject({ method: "GET", url: `${page()}?answers=%7B%7D` });
    const head = await t.app.inject({ method: "HEAD", url: page() });
    for (const response of [withSession, framed, prefilled]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain('rel="preload" as="fetch"');
      expect(String(response.headers["content-security-policy"])).not.toContain("style-src-attr");
    }
    expect(head.statusCode).toBe(200);
    expect(renders()).toBe(before);
  });

  it("renders a page in a language its address asks for, but not for an unknown one or any other parameter", async () => {
    const before = renders();
    const html = (await t.app.inject({ method: "GET", url: `${page()}?lang=de` })).body;
    expect(html).toContain("<textarea");
    expect(renders() - before).toBe(1);
    const twice = (await t.app.inject({ method: "GET", url: `${page()}?lang=de&lang=ru` })).body;
    expect(twice).toContain('<div id="root"></div>');
    const unknown = (await t.app.inject({ method: "GET", url: `${page()}?lang=xx-${slug}` })).body;
    expect(unknown).toContain('<div id="root"></div>');
    expect(renders() - before).toBe(1);
  });

  it("sends the plain app when the page fails to render or sends the visitor elsewhere", async () => {
    for (const url of ["/callouts/broken/respond", "/callouts/elsewhere/respond"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it("gives up on a read that never answers, so that it cannot hold the pages rendered after it", async () => {
    const stalled = { inject: () => new Promise(() => undefined) } as unknown as Pick<FastifyInstance, "inject">;
    const transport = inProcessTransport(stalled, 50);
    await expect(transport("/api/1.0/content/general", {})).rejects.toThrow(/took longer than 50 ms/);
  });

  it("counts renders no longer waited for until they end, so a slow renderer is not given more", async () => {
    // Four renders that outlast the second a page waits: the pages go without their views.
    let letSlowRendersEnd = () => undefined as void;
    (globalThis as { slowRendersMayEnd?: Promise<void> }).slowRendersMayEnd = new Promise<void>(
      (resolve) => (letSlowRendersEnd = resolve),
    );
    const slow = await Promise.all(
      [1, 2, 3, 4].map((index) => t.app.inject({ method: "GET", url: `/callouts/slow-${slug}-${index}/respond` })),
    );
    for (const response of slow) expect(response.body).toContain('<div id="root"></div>');
    // They are still under way, so the next page is not queued behind them.
    const before = renders();
    const meanwhile = await t.app.inject({ method: "GET", url: page() });
    expect(meanwhile.body).toContain('<div id="root"></div>');
    expect(renders()).toBe(before);
    // Once they have ended, pages are rendered again.
    letSlowRendersEnd();
    let later = "";
    for (let attempt = 0; attempt < 200 && !later.includes("<textarea"); attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      later = (await t.app.inject({ method: "GET", url: page("") })).body;
    }
    expect(later).toContain("<textarea");
  });

  it("renders only the pages the renderer names", async () => {
    const before = renders();
    const html = (await t.app.inject({ method: "GET", url: "/join" })).body;
    expect(html).toContain('<div id="root"></div>');
    expect(renders()).toBe(before);
  });

  it("never sends the renderer itself", async () => {
    const response = await t.app.inject({ method: "GET", url: `/${RENDERER_FILE}` });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("renderPage");
  });
});
