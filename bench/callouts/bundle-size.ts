/**
 * What a visitor downloads, gzipped, for the first render of a public page:
 * the files `index.html` loads (entry script, module preloads, stylesheets)
 * plus the route's lazy chunks and everything they import statically, found
 * through the Vite manifest. Run after `npm run build:web`:
 *
 *   npm run bench:callouts:size             (the respond page and the map page, against their budgets)
 *   ROUTE=login npm run bench:callouts:size
 *   ROUTE=map npm run bench:callouts:size   (the map page, against its own budget)
 *
 * Exits with 1 when a callout page is over the budget.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const DIST = join(import.meta.dirname, "../../apps/web/dist");
const BUDGET_KB = 180;
/** The map page downloads MapLibre (about 290 KB gzipped, its worker 145 KB) before it can show anything. */
const MAP_BUDGET_KB = 650;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The modules each page's route entries load on demand (see apps/web/src/app/router/route-table.tsx). */
const routes: Record<string, string[]> = {
  shell: [],
  respond: ["src/features/callouts/pages/callout-page.tsx", "src/features/callouts/pages/callout-respond-page.tsx"],
  main: ["src/features/callouts/pages/callout-page.tsx", "src/features/callouts/pages/callout-main-page.tsx"],
  thanks: ["src/features/callouts/pages/callout-page.tsx", "src/features/callouts/pages/callout-thanks-page.tsx"],
  list: ["src/features/callouts/pages/callouts-page.tsx"],
  login: ["src/features/auth/pages/login-page.tsx"],
  join: ["src/features/join/pages/join-page.tsx"],
  // The map page, with what it loads at once: MapLibre, its worker and the PMTiles reader of the
  // self-hosted basemap (decision 036). It has a budget of its own.
  map: [
    "src/features/callouts/map/callout-map-page.tsx",
    "../../node_modules/maplibre-gl/dist/maplibre-gl.mjs",
    "../../node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs",
    "../../node_modules/pmtiles/dist/esm/index.js",
  ],
};

/** Pages with a budget other than `BUDGET_KB`. */
const budgets: Record<string, number> = { map: MAP_BUDGET_KB };

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

/** Prints one page's files and total against its budget; false when it is over. */
function measure(manifest: Manifest, routeName: string): boolean {
  const routeModules = routes[routeName];
  if (!routeModules) throw new Error(`ROUTE must be one of ${Object.keys(routes).join(", ")}`);
  const files = new Set(htmlAssets());
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (entryKey) staticClosure(manifest, entryKey, files);
  for (const module of routeModules) staticClosure(manifest, module, files);

  const rows = [...files].map((file) => ({ file, gzip: gzippedSize(file) })).sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const byKind = (extension: string) =>
    rows.filter((row) => row.file.endsWith(extension)).reduce((sum, row) => sum + row.gzip, 0);

  process.stdout.write(`First render of the ${routeName} page, gzipped (KB = 1024 bytes)\n`);
  for (const row of rows) process.stdout.write(`${kb(row.gzip)} KB  ${row.file}\n`);
  process.stdout.write(`${kb(byKind(".js"))} KB  JavaScript\n${kb(byKind(".css"))} KB  CSS\n`);
  const budget = budgets[routeName] ?? BUDGET_KB;
  process.stdout.write(`${kb(total)} KB  total (budget ${budget} KB)\n`);
  if (routeName === "login" || routeName === "shell" || total <= budget * 1024) return true;
  process.stdout.write("Over budget.\n");
  return false;
}

// Without ROUTE: the respond page and the map page, each against its budget.
const manifest = readManifest();
const measured = (process.env.ROUTE ? [process.env.ROUTE] : ["respond", "map"]).map((name, index) => {
  if (index > 0) process.stdout.write("\n");
  return measure(manifest, name);
});
if (measured.includes(false)) process.exitCode = 1;
