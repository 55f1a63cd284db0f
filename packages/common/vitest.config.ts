import { defineProject } from "vitest/config";

export default defineProject({
  resolve: { conditions: ["cohort-source"] },
  test: { name: "common", include: ["src/**/*.test.ts"] },
});
