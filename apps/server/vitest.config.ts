import { defineProject } from "vitest/config";

/** Shared by the two server projects (PGlite and PostgreSQL) in the root config. */
export default defineProject({
  resolve: { conditions: ["cohort-source"] },
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["./test/helpers/one-query-at-a-time.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
