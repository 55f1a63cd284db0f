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
  "module-boundaries.test.ts",
  "password-hashing.test.ts",
  "stripe-provider.test.ts",
] as const;

/**
 * Server test files that run on one database: PostgreSQL when the machine has it, else PGlite.
 * The route fuzz sends every route generated input and checks the HTTP answer; what it finds
 * (a schema that lets a NUL byte or an absurd number through, a handler that throws) is the
 * same on both engines, which are the same PostgreSQL, and on PGlite it cost twice the
 * processor time of PostgreSQL (decision 087). Every route fuzz file is listed, which
 * `database-free.test.ts` checks, so a new route group does not quietly run twice.
 */
export const ONE_DATABASE_TEST_FILES = [
  "route-fuzz.test.ts",
  "route-fuzz-callouts.test.ts",
  "route-fuzz-contacts.test.ts",
  "route-fuzz-mailings.test.ts",
  "route-fuzz-payments.test.ts",
] as const;
