import { defineConfig } from "@playwright/test";
import { BASE_URL } from "./fixtures/server.js";

/**
 * Journeys that change the site's settings (the join form, the theme, the emails) for every
 * visitor, or count what the whole site holds (the dashboard's figures).
 */
const SITE_WIDE = [
  "dashboard.spec.ts",
  "join-survey.spec.ts",
  "map-settings.spec.ts",
  "membership-builder.spec.ts",
  "settings-notices.spec.ts",
  "newsletter.spec.ts",
];

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  // Journeys are files: two run side by side, each file's tests in order in one worker.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  globalSetup: "./fixtures/global-setup.ts",
  use: {
    baseURL: BASE_URL,
    // A failed journey keeps its trace: each step's page, network and console. Not the film of
    // the screen, which cost a sixth of the journeys' processor time (decision 087).
    trace: { mode: "retain-on-failure", screenshots: false },
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
    { name: "journeys", testIgnore: ["first-run.spec.ts", ...SITE_WIDE], dependencies: ["first-run"] },
    // Journeys that change or count what the whole site holds run alone, once the others are done.
    { name: "site-wide", testMatch: SITE_WIDE, dependencies: ["journeys"], workers: 1 },
  ],
});
