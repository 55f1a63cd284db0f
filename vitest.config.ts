import { execFileSync } from "node:child_process";
import { defineConfig } from "vitest/config";

function hasInitdb(): boolean {
  try {
    execFileSync("initdb", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const serverProject = (name: string, globalSetup: string) => ({
  extends: "./apps/server/vitest.config.ts",
  root: "./apps/server",
  test: { name, globalSetup: [globalSetup] },
});

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker. Server tests wait on PostgreSQL, a child
    // process, for much of their time, so a third worker keeps both cores busy.
    maxWorkers: 3,
    projects: [
      "packages/common",
      "packages/stand-ins",
      "apps/web",
      // Checks of the repository's own scripts and records.
      { test: { name: "scripts", include: ["scripts/**/*.test.mjs"] } },
      serverProject("server-pglite", "./test/helpers/global-setup-pglite.ts"),
      ...(hasInitdb() ? [serverProject("server-postgres", "./test/helpers/global-setup-postgres.ts")] : []),
    ],
  },
});
