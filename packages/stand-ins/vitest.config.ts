import { defineProject } from "vitest/config";

export default defineProject({
  resolve: { conditions: ["cohort-source"] },
  test: { name: "stand-ins", include: ["test/**/*.test.ts"] },
});
