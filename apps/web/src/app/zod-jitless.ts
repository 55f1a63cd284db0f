/*
 * zod compiles its object parsers with `new Function` when the page allows
 * it, and finds out by trying once: under Cohort's Content-Security-Policy
 * (no 'unsafe-eval', decision 019) that try is refused and logged as a policy
 * violation on every page that loads a schema. Parsing without the compiled
 * path is as correct, and fast enough for forms.
 *
 * This sets zod's `jitless` option (what `z.config({ jitless: true })` sets)
 * on the configuration object zod keeps on `globalThis`, before any module
 * builds a schema, without importing zod: the shell stays free of the schema
 * library (decision 008). If zod has loaded already, its object is changed in
 * place; if not, zod adopts this one. `zod-jitless.test.ts` checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
