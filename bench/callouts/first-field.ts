/**
 * How soon a visitor can start answering: the time from the start of the
 * navigation to the first visible form field on `/callouts/{slug}/respond`,
 * in headless Chromium on loopback with an empty cache (a fresh context of a
 * browser that is already running, for every run), median of `RUNS` runs (5). A Cohort server process serves the
 * built web app (`apps/web/dist`, so build it first: the npm script does) on
 * a throwaway embedded database holding one published callout. Prints the
 * median next to the goal; it does not pass or fail.
 *
 *   npm run bench:callouts:first-field        (RUNS=9 for more runs, CHROMIUM_PATH for another browser,
 *                                              WEB_DIST_DIR for another build, to compare two back to back)
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { openDatabase } from "../../apps/server/src/db/client.js";
import { callouts, calloutVariants } from "../../apps/server/src/db/schema/index.js";
import { median } from "../postgres.js";
import { startLocalCohort, type LocalCohort } from "../local-server.js";

const RUNS = Number(process.env.RUNS ?? 5);
const GOAL_MS = 250;
const WEB_DIST = process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, "../../apps/web/dist");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** A field the visitor can type into or pick, inside the page's form. */
const FIELD = "form :is(input:not([type=hidden]), textarea, select)";

/** Migrates an embedded database in `dataDir` and publishes one open callout with a short form. */
async function seed(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  try {
    await database.migrate();
    const id = randomUUID();
    await database.db.insert(callouts).values({
      id,
      slug: "first-field",
      starts: new Date(Date.now() - 60_000),
      access: "anonymous",
      captcha: "none",
      allowMultiple: true,
      formSchema: {
        slides: [
          {
            id: "slide1",
            title: "Story",
            navigation: { nextSlideId: null },
            components: [
              { id: "a", key: "name", type: "textfield", label: "Your name", input: true },
              {
                id: "b",
                key: "story",
                type: "textarea",
                label: "Your story",
                input: true,
                validate: { required: true },
              },
            ],
          },
        ],
      },
      createdAt: new Date(),
    } as typeof callouts.$inferInsert);
    await database.db.insert(calloutVariants).values({
      calloutId: id,
      name: "default",
      title: "How do you get to work?",
      excerpt: "Tell us how you travel, and what would make it better.",
      intro: "<p>Tell us how you travel.</p>",
      thanksTitle: "Thanks",
      thanksText: "<p>We read every story.</p>",
      slideNavigation: {},
      componentText: {},
    });
  } finally {
    await database.close();
  }
}

/**
 * Opens the page in a fresh browser context (an empty cache, no cookies) of a browser that is
 * already running, as a reader's is, and answers the milliseconds from the start of the
 * navigation (the page's time origin) to the frame in which a form field was first visible.
 */
async function timeToFirstField(browser: Browser, url: string, trace = false): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const requests: { path: string; start: number; end: number }[] = [];
    if (trace) {
      page.on("requestfinished", (request) => {
        const timing = request.timing();
        const { pathname, search } = new URL(request.url());
        requests.push({ path: pathname + search, start: timing.startTime, end: timing.startTime + timing.responseEnd });
      });
    }
    // Checked in every frame from the start: the time of the first frame that shows a field. A
    // string, since the TypeScript loader would add helpers to a function that the page lacks.
    await page.addInitScript({
      content: `(() => {
        const check = () => {
          const box = document.querySelector(${JSON.stringify(FIELD)})?.getBoundingClientRect();
          if (box && box.width > 0 && box.height > 0) window.firstField = performance.now();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      })();`,
    });
    await page.goto(url);
    await page.locator(FIELD).first().waitFor({ state: "visible", timeout: 30_000 });
    if (trace) {
      // When each request of the page started and ended, from the navigation's start.
      const origin = await page.evaluate(() => performance.timeOrigin);
      for (const { path, start, end } of requests.sort((a, b) => a.start - b.start)) {
        const at = (time: number) => (time - origin).toFixed(0).padStart(5);
        process.stdout.write(`  ${at(start)} → ${at(end)} ms  ${path}\n`);
      }
    }
    await page.waitForFunction(() => (window as { firstField?: number }).firstField !== undefined);
    return await page.evaluate(() => (window as { firstField?: number }).firstField!);
  } finally {
    await context.close();
  }
}

if (!existsSync(path.join(WEB_DIST, "index.html"))) throw new Error(`No ${WEB_DIST}: run npm run build:web first`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "cohort-bench-first-field-"));
let server: LocalCohort | undefined;
try {
  await seed(dataDir);
  server = await startLocalCohort(dataDir, { WEB_DIST_DIR: WEB_DIST });
  const { base } = server;
  const url = `${base}/callouts/first-field/respond`;
  // One visit first, so the server has read the built files and the callout once, as a running server has.
  await fetch(url).then((response) => response.text());
  await fetch(`${base}/api/1.0/callout/first-field?with[]=form`).then((response) => response.text());

  const timings: number[] = [];
  // TRACE=1 lists the requests of the first measured run, to see where the time goes.
  const trace = Boolean(process.env.TRACE);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    // The browser's own first page (its start-up still under way) is not a reader's: warm it up once.
    await timeToFirstField(browser, url);
    for (let run = 0; run < RUNS; run++) timings.push(await timeToFirstField(browser, url, trace && run === 0));
  } finally {
    await browser.close();
  }
  const shown = timings.map((value) => value.toFixed(0)).join(", ");
  process.stdout.write(
    `Time to the first form field of /callouts/{slug}/respond, headless Chromium, loopback, empty cache\n` +
      `  runs (ms): ${shown}\n` +
      `  median ${median(timings).toFixed(0)} ms   goal ≤ ${GOAL_MS} ms\n`,
  );
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
