/**
 * What a visitor downloads, gzipped, for the first render of a public page:
 * the files `index.html` loads (entry script, module preloads, stylesheets)
 * plus the route's lazy chunks and everything they import statically, found
 * through the Vite manifest, and the English texts that some pages fetch
 * before they render (see apps/web/src/app/i18n/message-split.ts).
 * Run after `npm run build:web`:
 *
 *   npm run bench:callouts:size             (every public page against its budget, one line each)
 *   ROUTE=login npm run bench:callouts:size (one page, file by file)
 *
 * Exits with 1 when a page is over its budget.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { deferredMessagesFor } from "../../apps/web/src/app/i18n/message-split.js";
import { readFirstPages } from "../../apps/web/build/route-pages.js";

const DIST = process.env.WEB_DIST_DIR ?? join(import.meta.dirname, "../../apps/web/dist");
const BUDGET_KB = 150;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Page {
  /** A path of the page, to tell which texts it waits for. */
  path: string;
  /** The modules its route entries load on demand (see apps/web/src/app/router/route-table.tsx). */
  modules: string[];
  /** KB, when not `BUDGET_KB`; none for the shell, which is a part of every page. */
  budget?: number | null;
}

const firstPages = readFirstPages();

/** The modules of a page the web build names in the page's head (the pages flagged `firstPage` in the route table). */
function firstPageModules(routePath: string): string[] {
  const page = firstPages.find((candidate) => candidate.path === routePath);
  if (!page) throw new Error(`${routePath} is not in the web app's list of first pages`);
  return [...page.modules];
}

const calloutPage = "src/features/callouts/pages/callout-page.tsx";

/** Pages anyone can open from a link, and what their first render loads. */
const pages: Record<string, Page> = {
  shell: { path: "/", modules: [], budget: null },
  respond: { path: "/callouts/c/respond", modules: firstPageModules("/callouts/:id/respond") },
  main: { path: "/callouts/c", modules: firstPageModules("/callouts/:id") },
  thanks: { path: "/callouts/c/thanks", modules: [calloutPage, "src/features/callouts/pages/callout-thanks-page.tsx"] },
  list: { path: "/callouts", modules: firstPageModules("/callouts") },
  join: { path: "/join", modules: firstPageModules("/join") },
  donate: { path: "/donate", modules: ["src/features/join/pages/donate-page.tsx"] },
  login: { path: "/auth/login", modules: firstPageModules("/auth/login") },
  forgot: { path: "/auth/forgot-password", modules: ["src/features/auth/reset/pages/forgot-password-page.tsx"] },
  confirm: { path: "/confirm-response/r", modules: ["src/features/callouts/pages/confirm-response-page.tsx"] },
  gallery: { path: "/callouts/c/gallery", modules: ["src/features/callouts/views/gallery-page.tsx"] },
  // The map page, with what it loads at once: MapLibre, its worker and the PMTiles reader of the
  // self-hosted basemap (decision 036). It has a budget of its own: MapLibre alone is about 290 KB
  // gzipped, its worker 145 KB, and the page can show nothing before them.
  map: {
    path: "/callouts/c/map",
    modules: [
      "src/features/callouts/map/callout-map-page.tsx",
      "../../node_modules/maplibre-gl/dist/maplibre-gl.mjs",
      "../../node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs",
      "../../node_modules/pmtiles/dist/esm/index.js",
    ],
    budget: 650,
  },
};

/** The English texts that pages using a deferred namespace fetch before they render. */
const deferredEnglish = { public: "virtual:cohort/deferred-public-messages", all: "src/locales/en.json" };

function readManifest(): Manifest {
  const path = join(DIST, ".vite/manifest.json");
  if (!existsSync(path)) throw new Error(`No ${path}: run npm run build:web first`);
  return JSON.parse(readFileSync(path, "utf8")) as Manifest;
}

/** Scripts, module preloads and stylesheets named in the built index.html. */
function htmlAssets(): string[] {
  const html = readFileSync(join(DIST, "index.html"), "utf8");
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    const isAsset = tag.startsWith("<script") || /rel="(modulepreload|stylesheet)"/.test(tag);
    const url = /(?:src|href)="\/([^"]+)"/.exec(tag)?.[1];
    return isAsset && url && /\.(js|css)$/.test(url) ? [url] : [];
  });
}

/** The chunk of `key` and everything it imports statically, with their stylesheets. */
function staticClosure(manifest: Manifest, key: string, files: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest: is the route table still lazy-loading it?`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
}

function gzippedSize(file: string): number {
  return gzipSync(readFileSync(join(DIST, file))).length;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(2).padStart(8);

interface Weighed {
  rows: { file: string; gzip: number }[];
  total: number;
  budget: number | null;
}

function weigh(manifest: Manifest, routeName: string): Weighed {
  const page = pages[routeName];
  if (!page) throw new Error(`ROUTE must be one of ${Object.keys(pages).join(", ")}`);
  // The entry first: with its file already in the set, its imports would be skipped.
  const files = new Set<string>();
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (entryKey) staticClosure(manifest, entryKey, files);
  for (const file of htmlAssets()) files.add(file);
  const deferred = deferredMessagesFor(page.path);
  const modules = deferred ? [...page.modules, deferredEnglish[deferred]] : page.modules;
  for (const module of modules) staticClosure(manifest, module, files);
  const rows = [...files].map((file) => ({ file, gzip: gzippedSize(file) })).sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  return { rows, total, budget: page.budget === undefined ? BUDGET_KB : page.budget };
}

const isOver = ({ total, budget }: Weighed) => budget !== null && total > budget * 1024;

/**
 * The admin's rich-text editor (Tiptap and ProseMirror, decision 058) loads with admin pages only:
 * the files of a public page's first render that hold it, by the chunk's name (`editor-…`, see
 * vite.config.ts) or by ProseMirror's own class name in their code.
 */
function editorFiles({ rows }: Weighed): string[] {
  return rows
    .map((row) => row.file)
    .filter(
      (file) =>
        /(^|\/)editor-[^/]*\.js$/.test(file) ||
        (file.endsWith(".js") && readFileSync(join(DIST, file), "utf8").includes("ProseMirror")),
    );
}

/** Prints one page's files and total against its budget. */
function printFiles(routeName: string, weighed: Weighed): void {
  const { rows, total, budget } = weighed;
  const byKind = (extension: string) =>
    rows.filter((row) => row.file.endsWith(extension)).reduce((sum, row) => sum + row.gzip, 0);
  process.stdout.write(`First render of the ${routeName} page, gzipped (KB = 1024 bytes)\n`);
  for (const row of rows) process.stdout.write(`${kb(row.gzip)} KB  ${row.file}\n`);
  process.stdout.write(`${kb(byKind(".js"))} KB  JavaScript\n${kb(byKind(".css"))} KB  CSS\n`);
  process.stdout.write(`${kb(total)} KB  total${budget === null ? "" : ` (budget ${budget} KB)`}\n`);
  if (isOver(weighed)) process.stdout.write("Over budget.\n");
}

/** Prints every page's total next to its budget, one line each. */
function printSummary(weighedPages: [string, Weighed][]): void {
  process.stdout.write("First render of each public page, JavaScript and CSS gzipped (KB = 1024 bytes)\n");
  for (const [name, weighed] of weighedPages) {
    const { path, modules } = pages[name]!;
    const deferred = deferredMessagesFor(path);
    const texts = deferred
      ? `  (with the ${deferred === "all" ? "whole English file" : "deferred English texts"})`
      : "";
    const verdict = weighed.budget === null ? "part of every page" : `budget ${weighed.budget} KB`;
    const over = isOver(weighed) ? "  OVER" : "";
    const label = `${name.padEnd(8)} ${(modules.length ? path : "app shell alone").padEnd(24)}`;
    const files = `${String(weighed.rows.length).padStart(3)} files`;
    process.stdout.write(`  ${label} ${kb(weighed.total)} KB ${files}   ${verdict}${over}${texts}\n`);
  }
}

const manifest = readManifest();
const names = process.env.ROUTE ? [process.env.ROUTE] : Object.keys(pages);
const weighedPages = names.map((name): [string, Weighed] => [name, weigh(manifest, name)]);
if (process.env.ROUTE) printFiles(names[0]!, weighedPages[0]![1]);
else printSummary(weighedPages);
if (weighedPages.some(([, weighed]) => isOver(weighed))) process.exitCode = 1;
for (const [name, weighed] of weighedPages) {
  const files = editorFiles(weighed);
  if (files.length === 0) continue;
  process.stdout.write(`The ${name} page loads the admin's rich-text editor: ${files.join(", ")}\n`);
  process.exitCode = 1;
}
