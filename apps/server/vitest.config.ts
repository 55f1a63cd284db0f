import { defineProject } from "vitest/config";

/**
 * Shared by the two server projects (PGlite and PostgreSQL) in the root config. Test files of a
 * worker share its modules (`isolate: false`): the server's code is imported once per worker
 * instead of once per file, and each file's test app still gets a database and caches of its own
 * (`test/helpers/test-app.ts`).
 */
export default defineProject({
  resolve: { conditions: ["cohort-source"] },
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["./test/helpers/one-query-at-a-time.ts"],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
