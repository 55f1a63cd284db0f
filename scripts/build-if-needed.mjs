// Builds the server and the web app when their sources are newer than the last build,
// so `npm start` on an unchanged checkout starts in seconds.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function builtAt(file) {
  const full = path.join(root, file);
  return existsSync(full) ? statSync(full).mtimeMs : -1;
}

const common = ["packages/common/src", "packages/common/package.json", "package-lock.json"];
const targets = [
  {
    name: "server",
    output: "apps/server/dist/main.js",
    sources: [...common, "apps/server/src", "apps/server/tsconfig.build.json"],
    command: "npm run build:server",
  },
  {
    name: "web app",
    // Written last by the build: the server's renderer of first views (decision 047).
    output: "apps/web/dist/.ssr/entry-server.js",
    sources: [
      ...common,
      "apps/web/src",
      "apps/web/build",
      "apps/web/index.html",
      "apps/web/public",
      "apps/web/vite.config.ts",
    ],
    command: "npm run build:web",
  },
];

for (const target of targets) {
  const newestSource = Math.max(...target.sources.map(newestMtime));
  if (builtAt(target.output) >= newestSource) continue;
  // One line a step: the build's own listing of every file it wrote is kept for when it fails.
  process.stdout.write(`Building the ${target.name}…`);
  const started = Date.now();
  const build = spawnSync(target.command, { cwd: root, shell: true, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (build.status !== 0) {
    process.stdout.write(` failed:\n${build.stdout}${build.stderr}`);
    process.exit(build.status ?? 1);
  }
  process.stdout.write(` done in ${Math.round((Date.now() - started) / 1000)} s\n`);
}
