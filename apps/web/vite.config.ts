import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { defaultClientConditions } from "vite";
import { defineConfig } from "vitest/config";
import { bundledMessages } from "./src/app/i18n/message-split";

const apiTarget = "http://localhost:3000";

const PUBLIC_MESSAGES = "virtual:cohort/public-messages";

/**
 * The English messages without the deferred namespaces (the admin area's and
 * a few rarely-first pages', see src/app/i18n/message-split.ts), as the module
 * `virtual:cohort/public-messages`: the app bundles them for every visitor and
 * loads the rest when a page that needs them opens. Tests get every message.
 */
function publicMessages(): Plugin {
  let keepsAll = false;
  let file = "";
  return {
    name: "cohort-public-messages",
    configResolved(config) {
      keepsAll = config.mode === "test";
      file = resolve(config.root, "src/locales/en.json");
    },
    resolveId(id) {
      return id === PUBLIC_MESSAGES ? `\0${PUBLIC_MESSAGES}` : null;
    },
    load(id) {
      if (id !== `\0${PUBLIC_MESSAGES}`) return null;
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      return `export default ${JSON.stringify(keepsAll ? messages : bundledMessages(messages))};`;
    },
  };
}

/** Pages and modules of the admin area, whose chunk files get `ADMIN_PREFIX`. */
const adminSource = /[\\/]src[\\/]features[\\/]admin[\\/]/;
const ADMIN_PREFIX = "admin-";

function isAdminChunk(filename: string): boolean {
  return /(^|\/)admin-/.test(filename);
}

/**
 * The pages people open first from outside (a shared callout, the join form, the login, their
 * home) and the layouts: their imports are preloaded with them. Every other page (the map, which
 * waits for MapLibre anyway, and pages reached from inside the app) loads its imports as the
 * browser finds them, so its list of files stays out of every visitor's entry script.
 */
function preloadsItsImports(filename: string): boolean {
  return /(^|\/)(callout-(page|main-page|respond-page|thanks-page)|callouts-page|join-page|login-page|profile-page|[a-z-]*layout)-/.test(
    filename,
  );
}

export default defineConfig({
  plugins: [publicMessages(), react(), tailwindcss()],
  resolve: {
    // Resolve @cohort/common to its TypeScript sources instead of the built output.
    conditions: ["cohort-source", ...defaultClientConditions],
  },
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/upload": { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Lists each chunk's imports, so bench/callouts/bundle-size.ts can add up a page's first load.
    manifest: true,
    // Fonts stay files: inlined into the stylesheet, every visitor would download every subset.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    // The entry script lists, for each lazily loaded page, the files to preload with it; with
    // every screen that list grew, and every visitor downloaded it. Only the pages people open
    // first keep theirs (see preloadsItsImports; admin pages, whose files start with `admin-`,
    // never do); stylesheets are always listed, since nothing else would load them.
    modulePreload: {
      resolveDependencies: (filename, deps) =>
        !isAdminChunk(filename) && preloadsItsImports(filename) ? deps : deps.filter((dep) => dep.endsWith(".css")),
    },
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId && adminSource.test(chunk.facadeModuleId)
            ? `assets/${ADMIN_PREFIX}[name]-[hash].js`
            : "assets/[name]-[hash].js",
        // Libraries change less often than app code; a separate file stays cached across releases.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            // Only what every page runs. Libraries of some pages (forms, zod, CSV parsing, icons) stay
            // with the pages that use them, so public pages do not download the admin's tools. The
            // group takes every module of a matching library that some page uses, so the parts of
            // TanStack Query only the admin uses (useQueries) are left out by name.
            {
              name: "vendor",
              test: /node_modules[\\/](@tanstack[\\/](react-query|query-core)|i18next|react-i18next|use-sync-external-store)[\\/](?!.*[\\/](useQueries|queriesObserver)\.js$)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    testTimeout: 15_000,
  },
});
