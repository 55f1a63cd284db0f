/**
 * What a visitor downloads, gzipped, for the first render of a public page:
 * the files `index.html` loads (entry script, module preloads, stylesheets)
 * plus the route's lazy chunks and everything they import statically, found
 * through the Vite manifest. Run after `npm run build:web`:
 *
 *   npm run bench:callouts:size             (the respond page, against its budget)
 *   ROUTE=login npm run bench:callouts:size
 *
 * Exits with 1 when a callout page is over the budget.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const DIST = join(import.meta.dirname, "../../apps/web/dist");
const BUDGET_KB = 180;

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
};

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

const routeName = process.env.ROUTE ?? "respond";
const routeModules = routes[routeName];
if (!routeModules) throw new Error(`ROUTE must be one of ${Object.keys(routes).join(", ")}`);

const manifest = readManifest();
const files = new Set(htmlAssets());
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (entryKey) staticClosure(manifest, entryKey, files);
for (const module of routeModules) staticClosure(manifest, module, files);

const rows = [...files].map((file) => ({ file, gzip: gzippedSize(file) })).sort((a, b) => b.gzip - a.gzip);
const kb = (bytes: number) => (bytes / 1024).toFixed(2).padStart(8);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const byKind = (extension: string) =>
  rows.filter((row) => row.file.endsWith(extension)).reduce((sum, row) => sum + row.gzip, 0);

process.stdout.write(`First render of the ${routeName} page, gzipped (KB = 1024 bytes)\n`);
for (const row of rows) process.stdout.write(`${kb(row.gzip)} KB  ${row.file}\n`);
process.stdout.write(`${kb(byKind(".js"))} KB  JavaScript\n${kb(byKind(".css"))} KB  CSS\n`);
process.stdout.write(`${kb(total)} KB  total (budget ${BUDGET_KB} KB)\n`);
if (routeName !== "login" && routeName !== "shell" && total > BUDGET_KB * 1024) {
  process.stdout.write("Over budget.\n");
  process.exitCode = 1;
}
