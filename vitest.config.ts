import { execFileSync } from "node:child_process";
import { configDefaults, defineConfig } from "vitest/config";
import { DATABASE_FREE_TEST_FILES, ONE_DATABASE_TEST_FILES } from "./apps/server/test/database-free.js";

function hasInitdb(): boolean {
  try {
    execFileSync("initdb", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const serverProject = (name: string, globalSetup: string, exclude: readonly string[] = []) => ({
  extends: "./apps/server/vitest.config.ts",
  root: "./apps/server",
  test: { name, globalSetup: [globalSetup], exclude: [...configDefaults.exclude, ...exclude] },
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
      // Files that open no database test the same thing on either: PGlite only (decision 079).
      // The route fuzz runs once, on PostgreSQL when there is one (decision 087).
      ...(hasInitdb()
        ? [
            serverProject(
              "server-pglite",
              "./test/helpers/global-setup-pglite.ts",
              ONE_DATABASE_TEST_FILES.map((name) => `test/${name}`),
            ),
            serverProject(
              "server-postgres",
              "./test/helpers/global-setup-postgres.ts",
              DATABASE_FREE_TEST_FILES.map((name) => `test/${name}`),
            ),
          ]
        : [serverProject("server-pglite", "./test/helpers/global-setup-pglite.ts")]),
    ],
  },
});
