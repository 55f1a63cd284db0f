import { defineConfig } from "@playwright/test";
import { BASE_URL } from "./fixtures/server.js";

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  globalSetup: "./fixtures/global-setup.ts",
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    // A brand-new install: the first spec creates the first admin through the setup link.
    { name: "first-run", testMatch: "first-run.spec.ts" },
    { name: "journeys", testIgnore: "first-run.spec.ts", dependencies: ["first-run"] },
  ],
});
