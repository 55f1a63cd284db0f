import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isLocale } from "@cohort/common/i18n";
import { sanitizeRichText } from "../lib/html.js";

/**
 * The first view of a public page, rendered on the server (decision 047): a reader who opens a
 * shared callout sees its form in the HTML, before the app has started; the app then takes the page
 * over from the same answers. The renderer is the web build's own (`dist/.ssr`), so the markup is
 * the app's: there is no second copy of any page.
 */
export interface FirstView {
  html: string;
  state: unknown;
  lang: string;
  themeCss: string;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;

interface Renderer {
  isPrerendered: (pathname: string) => boolean;
  renderPage: (
    url: URL,
    server: { transport: Transport; cleanHtml: (html: string) => string; siteOrigin: string },
  ) => Promise<FirstView | null>;
}

export type FirstViews = (request: FastifyRequest) => Promise<FirstView | null>;

export const RENDERER_FILE = path.join(".ssr", "entry-server.js");

/** How long a rendered view is reused: with the read caches below it (decision 037), no reader sees a callout's status or the settings older than a second. */
const REUSE_MS = 500;
/** Views kept at most: any slug makes an address, so their number is bounded here. */
const MAX_VIEWS = 500;
/**
 * Renders under way at most, waited for or not. Renders run one at a time; past this, a page is sent
 * without its view rather than made to wait (a burst of addresses never seen before, say).
 */
const MAX_PENDING = 4;

/** A view that takes longer than this is not waited for: the page goes without it. */
const RENDER_TIMEOUT_MS = 1000;

function withTimeout<T>(work: Promise<T>, ms: number, what = "the first view"): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function isRenderer(value: unknown): value is Renderer {
  const module = value as Partial<Renderer> | null;
  return typeof module?.isPrerendered === "function" && typeof module.renderPage === "function";
}

/**
 * Requests to the API sent through the server's own routes, as a browser without a session sends them.
 * One that has not answered within `timeoutMs` fails: the renderer runs its pages one at a time, so a
 * read that never answered (a lost database connection, say) would otherwise hold every later page.
 */
export function inProcessTransport(app: Pick<FastifyInstance, "inject">, timeoutMs = RENDER_TIMEOUT_MS): Transport {
  return async (url, init) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const response = await withTimeout(app.inject({ method: "GET", url, headers }), timeoutMs, url);
    const answer = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (typeof value === "string") answer.set(name, value);
    }
    // A 204 or 304 may not carry a body.
    const body = response.statusCode === 204 || response.statusCode === 304 ? null : response.body;
    return new Response(body, { status: response.statusCode, headers: answer });
  };
}

/**
 * Whether this request gets the page as a visitor without a session sees it: a plain GET of the
 * page, with no session cookie, nothing in the query but a language the site has, and not inside a frame (the
 * framed page has no header, and the server cannot tell that from the address).
 */
function isPlainVisit(request: FastifyRequest, url: URL, cookieName: string): boolean {
  if (request.method !== "GET") return false;
  if (request.cookies[cookieName] !== undefined) return false;
  const destination = request.headers["sec-fetch-dest"];
  if (destination === "iframe" || destination === "frame") return false;
  // Only a language the site has: every other address would be one more view to render and keep.
  const languages = url.searchParams.getAll("lang");
  return (
    [...url.searchParams.keys()].every((key) => key === "lang") && languages.every(isLocale) && languages.length <= 1
  );
}

/**
 * The renderer of the web build in `distDir`, or one that renders nothing when the build has none.
 * A view that fails to render is logged, and the page is sent without it.
 */
export async function loadFirstViews(
  app: FastifyInstance,
  distDir: string,
  { cookieName, appUrl }: { cookieName: string; appUrl: string },
): Promise<FirstViews> {
  const file = path.join(distDir, RENDERER_FILE);
  if (!existsSync(file)) return async () => null;
  const renderer: unknown = await import(pathToFileURL(file).href);
  if (!isRenderer(renderer)) throw new Error(`${file} is not the web app's renderer: rebuild the web app`);
  // Rich text was cleaned as it was stored; the page cleans it again as it shows it, here with the same sanitiser.
  const services = { transport: inProcessTransport(app), cleanHtml: sanitizeRichText, siteOrigin: appUrl };
  const views = new Map<string, { at: number; view: Promise<FirstView | null> }>();
  let pending = 0;

  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url, "http://cohort.invalid");
    } catch {
      return null;
    }
    if (!renderer.isPrerendered(url.pathname) || !isPlainVisit(request, url, cookieName)) return null;
    const key = url.pathname + url.search;
    const now = Date.now();
    const kept = views.get(key);
    if (kept && now - kept.at < REUSE_MS) return kept.view;

    if (pending >= MAX_PENDING) return null;
    // Counted until the renderer has finished with it, not until the page stopped waiting: renders
    // that are no longer waited for still hold the renderer's queue.
    pending += 1;
    const rendering = Promise.resolve().then(() => renderer.renderPage(url, services));
    rendering.then(
      () => (pending -= 1),
      () => (pending -= 1),
    );
    const view = withTimeout(rendering, RENDER_TIMEOUT_MS).catch((error: unknown) => {
      request.log.error({ err: error }, "rendering the first view failed");
      return null;
    });
    views.delete(key);
    views.set(key, { at: now, view });
    if (views.size > MAX_VIEWS) views.delete(views.keys().next().value!);
    return view;
  };
}

/** Characters that would end or confuse the element the text sits in. */
const inElement = (text: string) => text.replace(/</g, "\\u003c");

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

const entities: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#39;": "'", "&lt;": "<", "&gt;": ">" };

/** A page with its first view, and the inline styles its policy must allow, as CSP hashes. */
export interface PageWithView {
  html: string;
  /** The `<style>` element with the theme. */
  styleElements: string[];
  /** The `style` attributes of the markup, which the browser shows only when the policy names them. */
  styleAttributes: string[];
}

/**
 * index.html with a first view: its markup in `#root`, its language, its theme, and the answers it
 * was rendered from for the app to start with (JSON, which `<` inside cannot break out of).
 */
export function injectFirstView(indexHtml: string, view: FirstView): PageWithView {
  const state = `<script type="application/json" id="cohort-state">${inElement(JSON.stringify(view.state))}</script>`;
  const themeCss = view.themeCss.replace(/</g, "");
  const attributes = new Set<string>();
  for (const [, value = ""] of view.html.matchAll(/\sstyle="([^"]*)"/g)) {
    attributes.add(sha256(value.replace(/&(amp|quot|#39|lt|gt);/g, (entity) => entities[entity]!)));
  }
  const html = indexHtml
    .replace(/<html lang="[^"]*"/, () => `<html lang="${view.lang.replace(/[^\w-]/g, "")}"`)
    .replace("</head>", () => `<style>${themeCss}</style>\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${view.html}</div>\n    ${state}`);
  return { html, styleElements: [sha256(themeCss)], styleAttributes: [...attributes] };
}
