import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { API_PREFIX } from "@cohort/common/http";
import type { AppContext } from "../context.js";
import { injectPreview } from "../modules/previews/render.js";
import { linkPreview } from "../modules/previews/service.js";
import { errorBody } from "./errors.js";
import { injectFirstView, loadFirstViews, type FirstView } from "./first-views.js";
import { injectHints, loadPageHints, markWithoutSession, withoutSession, type PageHintTags } from "./page-hints.js";
import { mapHostsOf } from "../modules/maps/settings.js";
import { pagePolicy, type InlineStyles } from "./security-headers.js";

/**
 * Names of files a browser asks for. A missing one is a 404, not the app, but
 * a page path with a dot in it (a callout slug may be `town.hall`) is a page.
 */
const FILE_EXTENSION =
  /\.(js|mjs|css|map|json|txt|xml|html?|ico|png|jpe?g|gif|webp|avif|svg|woff2?|ttf|otf|webmanifest|pmtiles|pbf)$/i;

function looksLikeFile(pathname: string): boolean {
  return pathname.startsWith("/assets/") || FILE_EXTENSION.test(pathname);
}

/**
 * Serves the built web app. Hashed assets are cached for a year; every other
 * non-API GET falls back to index.html so the client router can take it.
 * The pages people share (a callout, the join page) get index.html with link
 * preview tags in its head, for every visitor: crawlers read the tags, people
 * get the app as usual (decision 032). Every page's head names the reads it
 * makes and, for the pages people open first, the files of their code
 * (decision 045); text files are sent precompressed. A shared callout's
 * intro and form come rendered, for a visitor without a session (decision 047).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, ctx: AppContext): Promise<void> {
  const indexFile = path.join(distDir, "index.html");
  const hasWebApp = existsSync(indexFile);
  const indexHtml = hasWebApp ? readFileSync(indexFile, "utf8") : "";
  const pageHints = hasWebApp ? loadPageHints(distDir) : () => ({ reads: "", files: "" });
  const firstViews = await loadFirstViews(app, distDir, {
    cookieName: ctx.config.session.cookieName,
    appUrl: ctx.config.appUrl,
  });
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text file (decision 045).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  // A view is kept for many visits (see first-views.ts): its page and policy are made once.
  const pagesWithViews = new WeakMap<FirstView, { html: string; styles: InlineStyles }>();
  const withView = (view: FirstView, hints: PageHintTags) => {
    let page = pagesWithViews.get(view);
    if (!page) {
      const injected = injectFirstView(injectHints(indexHtml, { ...hints, reads: "" }), view);
      const styles = { elements: injected.styleElements, attributes: injected.styleAttributes };
      page = { html: injected.html, styles };
      pagesWithViews.set(view, page);
    }
    return page;
  };

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`);
    const isPage = request.method === "GET" || request.method === "HEAD";
    if (isApi || !isPage || !hasWebApp || looksLikeFile(request.url.split("?")[0] ?? "")) {
      return reply
        .status(404)
        .send(errorBody(404, "route-not-found", `No route for ${request.method} ${request.url.split("?")[0]}`));
    }
    reply.header("cache-control", "no-cache").type("text/html");
    const [pathname = "", query = ""] = request.url.split("?", 2);
    const hasSession = request.cookies[ctx.config.session.cookieName] !== undefined;
    const hints = hasSession ? pageHints(pathname) : withoutSession(pageHints(pathname));
    const firstView = await firstViews(request);
    // A rendered page carries the answers of its reads: the browser need not ask for them.
    let html: string;
    if (firstView) {
      const page = withView(firstView, hints);
      html = page.html;
      reply.header("content-security-policy", pagePolicy(ctx.config, page.styles, await mapHostsOf(ctx)));
    } else {
      html = injectHints(indexHtml, hints);
    }
    if (!hasSession) html = markWithoutSession(html);
    const preview = linkPreview(ctx, pathname, new URLSearchParams(query).get("lang"));
    if (!preview) return reply.send(html);
    try {
      return reply.send(injectPreview(html, await preview));
    } catch (error) {
      request.log.error({ err: error }, "link preview failed");
      return reply.send(html);
    }
  });
}
