/**
 * Server test files that open no database: they check text, rules, a provider's client or a
 * command that refuses its arguments before it reads its settings. What they test is the same
 * whichever database is configured, so they run on PGlite only; the root Vitest config leaves
 * them out of the PostgreSQL project (decision 079). `database-free.test.ts` keeps the list
 * honest: a listed file that starts opening a database, through a test app, a fresh install or
 * `openDatabase`, fails it and must leave the list.
 */
export const DATABASE_FREE_TEST_FILES = [
  "compat-create-admin.test.ts",
  "email-days.test.ts",
  "email-texts.test.ts",
  "gocardless-provider.test.ts",
  "migrations.test.ts",
  "password-hashing.test.ts",
  "stripe-provider.test.ts",
] as const;
