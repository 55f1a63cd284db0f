import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { featureBoundaries } from "./scripts/eslint/feature-boundaries.js";
import { reactOnPreact } from "./scripts/eslint/react-on-preact.js";

const restrict = (patterns) => ["error", { patterns }];

/** The stand-ins of outside services are for tests and development; the server never ships them. */
const standInsStayOut = {
  group: ["@cohort/stand-ins", "@cohort/stand-ins/*"],
  message: "Stand-ins are for tests and development only.",
};

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/.tsbuild/**",
      "**/data/**",
      "**/test-results/**",
      "**/playwright-report/**",
      "**/.tmp/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["vitest.config.ts", "packages/common/vitest.config.ts"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      curly: ["error", "multi-line"],
      eqeqeq: ["error", "always"],
      "no-console": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-explicit-any": "error",
      // Fastify plugins and handlers are async by contract, with or without an await.
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
  {
    // Tests read JSON bodies whose shape the assertions check.
    files: ["**/test/**/*.ts", "**/*.test.ts", "**/*.test.tsx", "e2e/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    files: ["packages/common/**/*.ts"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["node:*"], message: "common runs in the browser too: no Node modules." },
        { group: ["**/apps/**", "@cohort/server*", "@cohort/web*"], message: "common imports nothing from apps." },
      ]),
    },
  },
  {
    files: ["apps/server/src/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read settings through config.ts.",
        },
      ],
    },
  },
  {
    files: ["apps/server/src/config.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // Requests to addresses people set go through the guarded client, which refuses private ones.
    files: ["apps/server/src/**/*.ts"],
    ignores: ["apps/server/src/lib/outgoing.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        {
          name: "fetch",
          message: "Send outgoing requests through outgoingFor() in src/lib/outgoing.ts (decision 054).",
        },
      ],
    },
  },
  {
    // SQL lives in queries files (and in filters/, which compiles rule groups to SQL, and db/).
    // Services may name the SQL type to pass a condition along, never build one.
    files: ["apps/server/src/**/*.ts"],
    ignores: ["apps/server/src/**/*queries.ts", "apps/server/src/filters/**", "apps/server/src/db/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["drizzle-orm", "drizzle-orm/*", "**/db/schema/**"],
              allowTypeImports: true,
              message: "SQL lives in queries files: ask this module's queries file for the query or condition.",
            },
            standInsStayOut,
          ],
        },
      ],
    },
  },
  {
    files: ["apps/server/src/**/*queries.ts", "apps/server/src/filters/**", "apps/server/src/db/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [standInsStayOut] }] },
  },
  {
    // A module's queries belong to that module; others call its services.
    // A module is its folder with every sub-folder (decision 089): another module is `../<area>/…`
    // from its root and `../../<area>/…` from a sub-module (a `*` also matches `..`, hence the `!`).
    files: ["apps/server/src/modules/*/*.ts"],
    rules: {
      "no-restricted-imports": restrict([
        {
          group: ["../*/*queries.js", "../*/*/*queries.js", "!../../**"],
          message: "Call the other module's service, never its queries.",
        },
      ]),
    },
  },
  {
    files: ["apps/server/src/modules/*/*/*.ts"],
    rules: {
      "no-restricted-imports": restrict([
        {
          group: ["../../*/*queries.js", "../../*/*/*queries.js", "!../../../**"],
          message: "Call the other module's service, never its queries.",
        },
      ]),
    },
  },
  {
    files: ["apps/server/src/**/*.ts"],
    ignores: ["apps/server/src/modules/**"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["**/modules/**/*queries.js"], message: "Call the module's service, never its queries." },
      ]),
    },
  },
  {
    files: ["apps/server/src/modules/*/*routes.ts"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["**/*queries.js", "**/db/**"], message: "Routes call services; SQL lives in queries files." },
        { group: ["**/providers/**"], message: "Routes reach providers through services." },
        {
          group: ["../*/*routes.js", "../*/*/*routes.js", "!../../**"],
          message: "Routes never import another module's routes: share through a helper.",
        },
      ]),
    },
  },
  {
    files: ["apps/server/src/modules/*/*/*routes.ts"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["**/*queries.js", "**/db/**"], message: "Routes call services; SQL lives in queries files." },
        { group: ["**/providers/**"], message: "Routes reach providers through services." },
        {
          group: ["../../*/*routes.js", "../../*/*/*routes.js", "!../../../**"],
          message: "Routes never import another module's routes: share through a helper.",
        },
      ]),
    },
  },
  {
    files: ["apps/server/src/modules/*/*queries.ts"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["**/*service.js", "**/*routes.js"], message: "Queries files hold SQL only." },
        {
          group: ["../*/*queries.js", "../*/*/*queries.js", "!../../**"],
          message: "A module's queries belong to it: share SQL through db/ or filters/.",
        },
      ]),
    },
  },
  {
    files: ["apps/server/src/modules/*/*/*queries.ts"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["**/*service.js", "**/*routes.js"], message: "Queries files hold SQL only." },
        {
          group: ["../../*/*queries.js", "../../*/*/*queries.js", "!../../../**"],
          message: "A module's queries belong to it: share SQL through db/ or filters/.",
        },
      ]),
    },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // HTML reaches a page through ui/safe-html.tsx only, which cleans it once more in the browser.
    files: ["apps/web/src/**/*.{ts,tsx}"],
    ignores: ["apps/web/src/ui/safe-html.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: "Render HTML with <SafeHtml> (ui/safe-html.tsx).",
        },
        {
          selector: "AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]",
          message: "Render HTML with <SafeHtml> (ui/safe-html.tsx).",
        },
        {
          selector: "CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment)$/]",
          message: "Render HTML with <SafeHtml> (ui/safe-html.tsx).",
        },
      ],
    },
  },
  {
    // The browser talks to the API through src/api only (the fetch wrapper, its errors and query hooks).
    files: ["apps/web/src/**/*.{ts,tsx}"],
    ignores: ["apps/web/src/api/**", "apps/web/src/**/*.test.{ts,tsx}", "apps/web/src/test/**"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "Call the API through apps/web/src/api (apiRead, apiSend and friends)." },
      ],
    },
  },
  {
    files: ["apps/web/src/ui/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["**/api/**", "**/features/**", "**/shared/**"], message: "ui/ holds no domain knowledge." },
      ]),
    },
  },
  {
    // A feature reaches another only through its index.ts; what features share lives in src/shared or src/ui.
    // The admin areas stay apart: what two of them use lives in features/admin/shared (decision 080).
    files: ["apps/web/src/features/**/*.{ts,tsx}"],
    plugins: { "feature-boundaries": featureBoundaries },
    rules: {
      "feature-boundaries/public-entry-only": "error",
      "feature-boundaries/admin-areas-apart": "error",
    },
  },
  {
    // React's API runs on Preact's compatibility layer (decision 043), which lacks React 19's newest hooks.
    files: ["apps/web/src/**/*.{ts,tsx}"],
    plugins: { "react-on-preact": reactOnPreact },
    rules: { "react-on-preact/only-what-preact-has": "error" },
  },
  {
    // A component or hook over 120 lines is split into named parts beside it (decision 086).
    files: ["apps/web/src/**/*.{ts,tsx}"],
    ignores: ["apps/web/src/**/*.test.{ts,tsx}", "apps/web/src/test/**"],
    rules: {
      "max-lines-per-function": ["error", { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    files: ["apps/web/src/shared/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["**/features/**"], message: "shared/ serves the features and imports none of them." },
      ]),
    },
  },
  {
    files: ["e2e/**/*.ts"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["**/apps/**", "@cohort/server*", "@cohort/web*"], message: "e2e drives the app from outside." },
      ]),
    },
  },
);
