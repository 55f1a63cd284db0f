import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { stripVTControlCharacters } from "node:util";
import type { Logger, Plugin, UserConfig } from "vite";
import { createLogger, defaultClientConditions, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";
import { firstPageFiles, routeTableForBrowsers } from "./build/first-page-files.ts";
import { precompress } from "./build/precompress.ts";
import { preactRefresh } from "./build/preact-refresh.ts";
import { bundledMessages, deferredPublicMessages } from "./src/app/i18n/message-split.ts";

/** The server the dev server passes `/api` and `/upload` on to (`npm run dev` sets it). */
const apiTarget = process.env.COHORT_API_URL ?? "http://localhost:3000";

/**
 * React's API on Preact (decision 043): `react` and `react-dom` resolve to Preact's compatibility
 * layer, in the build and in the tests alike, through `src/app/react-on-preact.ts`.
 */
const reactOnPreact = resolve(import.meta.dirname, "src/app/react-on-preact.ts");
const withSelectorOnPreact = resolve(import.meta.dirname, "src/app/use-sync-external-store-with-selector.ts");
const reactAliases = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^(react|react-dom)$/, replacement: reactOnPreact },
  // react-i18next reads React's useSyncExternalStore through this shim.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: reactOnPreact },
  // Tiptap's React bindings read the editor's state with a selector (decision 058).
  { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: withSelectorOnPreact },
];

/**
 * The tests run the libraries that use React through Vite too, so that they get the aliases above;
 * Testing Library through its ES module build, whose imports Vite resolves (its CommonJS one
 * would `require` React itself).
 */
const librariesUsingReact =
  /[\\/]node_modules[\\/](react-router|@tanstack[\\/]react-query|react-i18next|react-hook-form|@hookform|lucide-react|recharts|react-redux|@tiptap[\\/]react|@testing-library[\\/]react)[\\/]/;
const testingLibraryModule = (() => {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("@testing-library/react/package.json");
  const { module } = require(manifest) as { module: string };
  return resolve(dirname(manifest), module);
})();

const PUBLIC_MESSAGES = "virtual:cohort/public-messages";
const DEFERRED_PUBLIC_MESSAGES = "virtual:cohort/deferred-public-messages";

/**
 * Two parts of the English messages (see src/app/i18n/message-split.ts):
 * `virtual:cohort/public-messages`, all but the deferred namespaces (the admin
 * area's and a few rarely-first pages'), which the app bundles for every
 * visitor; and `virtual:cohort/deferred-public-messages`, the deferred texts
 * outside the admin area's, which the pages using them load when they open.
 * The admin area loads the whole file. Tests get every message at once.
 */
function publicMessages(): Plugin {
  let keepsAll = false;
  let file = "";
  const parts: Record<string, (messages: Record<string, unknown>) => Record<string, unknown>> = {
    [PUBLIC_MESSAGES]: (messages) => (keepsAll ? messages : bundledMessages(messages)),
    [DEFERRED_PUBLIC_MESSAGES]: deferredPublicMessages,
  };
  return {
    name: "cohort-public-messages",
    configResolved(config) {
      keepsAll = config.mode === "test";
      file = resolve(config.root, "src/locales/en.json");
    },
    resolveId(id) {
      return Object.hasOwn(parts, id) ? `\0${id}` : null;
    },
    load(id) {
      const part = id.startsWith("\0") ? parts[id.slice(1)] : undefined;
      if (!part) return null;
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      return `export default ${JSON.stringify(part(messages))};`;
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

/**
 * Warnings a build may print, each with its reason. Any other warning fails the build, so that a
 * new one is read and then fixed or listed here.
 */
const EXPECTED_WARNINGS: { message: RegExp; reason: string }[] = [
  {
    message: /\[IMPORT_IS_UNDEFINED\].*Import `useOptimistic` will always be undefined .*react-on-preact\.ts/,
    reason:
      "React Router reads React 19's useOptimistic when React has it and works without it; Preact's layer has none (decision 043).",
  },
];

/**
 * The build's logger: it leaves out the expected warnings and keeps the others, which
 * `failOnWarnings` turns into a failed build once they are all printed.
 */
function warningsLogger(): { logger: Logger; unexpected: string[] } {
  const logger = createLogger();
  const unexpected: string[] = [];
  const keep =
    (warn: Logger["warn"]): Logger["warn"] =>
    (message, options) => {
      const plain = stripVTControlCharacters(message);
      if (EXPECTED_WARNINGS.some((warning) => warning.message.test(plain))) return;
      unexpected.push(plain.split("\n")[0] ?? plain);
      warn(message, options);
    };
  logger.warn = keep(logger.warn.bind(logger));
  logger.warnOnce = keep(logger.warnOnce.bind(logger));
  return { logger, unexpected };
}

const buildWarnings = warningsLogger();

function failOnWarnings(): Plugin {
  return {
    name: "cohort-fail-on-warnings",
    apply: "build",
    closeBundle() {
      if (buildWarnings.unexpected.length > 0) {
        throw new Error(
          `The build warned of something new (see above); fix it, or list it with its reason in EXPECTED_WARNINGS:\n${buildWarnings.unexpected.join("\n")}`,
        );
      }
    },
  };
}

/**
 * The server's renderer of first views (decision 047): `src/entry-server.tsx` and everything it
 * imports, libraries included, under `dist/.ssr` (a folder the server never sends); the pages load
 * as the renderer needs them, as in the browser. Built after the browser's app, by `vite build --ssr`.
 */
const serverRenderer = {
  customLogger: buildWarnings.logger,
  plugins: [publicMessages(), react({ refreshExclude: /./ }), failOnWarnings()],
  resolve: { alias: reactAliases },
  ssr: {
    noExternal: true,
    target: "node",
    resolve: { conditions: ["cohort-source", ...defaultServerConditions] },
  },
  build: {
    outDir: "dist/.ssr",
    emptyOutDir: true,
    copyPublicDir: false,
  },
} satisfies UserConfig;

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? serverRenderer
    : {
        // The dev server logs as its options say (`npm run dev` keeps it to warnings).
        customLogger: command === "build" ? buildWarnings.logger : undefined,
        plugins: [
          publicMessages(),
          // React's Fast Refresh works with React's renderer, not Preact's: the dev server uses
          // Preact's own (preactRefresh), and nothing else uses either.
          react({ refreshExclude: /./ }),
          preactRefresh(),
          tailwindcss(),
          // The first pages are read from the route table's source when a build starts (TypeScript's parser
          // loads then, not for the tests or the dev server).
          firstPageFiles(async () => (await import("./build/route-pages.ts")).readFirstPages()),
          routeTableForBrowsers(resolve(import.meta.dirname, "src/app/router/route-table.tsx"), async (text) =>
            (await import("./build/route-pages.ts")).withoutBuildOnlyMeta(text),
          ),
          precompress(),
          failOnWarnings(),
        ],
        resolve: {
          // Resolve @cohort/common to its TypeScript sources instead of the built output.
          conditions: ["cohort-source", ...defaultClientConditions],
          alias: reactAliases,
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
          // index.html preloads every file the entry script imports, so that none waits for another.
          // The entry script lists, for each lazily loaded page, the files to preload with it; with
          // every screen that list grew, and every visitor downloaded it. Only the pages people open
          // first keep theirs (see preloadsItsImports; admin pages, whose files start with `admin-`,
          // never do); stylesheets are always listed, since nothing else would load them.
          modulePreload: {
            resolveDependencies: (filename, deps, { hostType }) =>
              hostType === "html" || (!isAdminChunk(filename) && preloadsItsImports(filename))
                ? deps
                : deps.filter((dep) => dep.endsWith(".css")),
          },
          // MapLibre (1.1 MB, loaded by the map pages only) is the one file above Vite's 500 kB; the
          // budgets of the pages people open first are kept by decision 008 and bench/callouts.
          chunkSizeWarningLimit: 1_200,
          rolldownOptions: {
            output: {
              chunkFileNames: (chunk) =>
                chunk.facadeModuleId && adminSource.test(chunk.facadeModuleId)
                  ? `assets/${ADMIN_PREFIX}[name]-[hash].js`
                  : "assets/[name]-[hash].js",
              codeSplitting: {
                groups: [
                  // Everything the entry script imports, libraries included, in one file: every page loads
                  // it first, and on a first visit (a reader following a shared link) each file more is a
                  // request more behind the browser's six connections (decision 045). A release changes
                  // this file even when only the app's code changed; returning visitors fetch it again.
                  {
                    name: "shell",
                    tags: ["$initial"],
                    priority: 3,
                  },
                  // The parts of the libraries below that some pages use and the shell does not.
                  {
                    name: "react",
                    test: /node_modules[\\/](preact|react-router)[\\/]|[\\/]src[\\/]app[\\/]react-on-preact\.ts$/,
                    priority: 2,
                  },
                  // Libraries of some pages (forms, zod, CSV parsing, icons) stay with the pages that use
                  // them, so public pages do not download the admin's tools. The group takes every module
                  // of a matching library that some page uses, so the parts of TanStack Query only the
                  // admin uses (useQueries) are left out by name.
                  {
                    name: "vendor",
                    test: /node_modules[\\/](@tanstack[\\/](react-query|query-core)|i18next|react-i18next|use-sync-external-store)[\\/](?!.*[\\/](useQueries|queriesObserver)\.js$)/,
                    priority: 1,
                  },
                  // The admin's rich-text editor (Tiptap, ProseMirror and what they use), in a file of its own
                  // that only admin pages load (decision 058); bench/callouts/bundle-size.ts fails when a public
                  // page's first render reaches it.
                  {
                    name: "editor",
                    test: /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs|fast-equals)[\\/]/,
                    priority: 2,
                  },
                  // The small shared components (about 6 KB): nearly every page uses some, and one file for
                  // them all spares a public page some ten requests for a few hundred bytes each.
                  {
                    name: "ui",
                    test: /[\\/]apps[\\/]web[\\/]src[\\/]ui[\\/]/,
                    priority: 0,
                  },
                  // The catalogue of field messages is read by forms with and without a schema library; on
                  // its own it never drags zod into a page that checks its fields by hand (the login page).
                  {
                    name: "messages",
                    test: /[\\/]packages[\\/]common[\\/]src[\\/]validation[\\/]/,
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
          alias: [{ find: /^@testing-library\/react$/, replacement: testingLibraryModule }],
          server: { deps: { inline: [librariesUsingReact] } },
          testTimeout: 15_000,
          // Each file runs in a VM context of its own inside a long-lived worker: the worker keeps
          // what it has read and transformed, and a file still starts from fresh modules and a fresh
          // window (decision 079).
          pool: "vmThreads",
        },
      },
);
