import type { APIRequestContext, Page } from "@playwright/test";
import { createMember } from "./fixtures/accounts.js";
import { expect, test } from "./fixtures/audit.js";
import { createCalloutAsAdmin } from "./fixtures/callouts.js";

const form = {
  slides: [
    {
      id: "only",
      title: "Your view",
      navigation: {},
      components: [{ id: "v1", key: "view", type: "textarea", input: true, label: "What do you think?" }],
    },
  ],
};

async function sharedCallout(request: APIRequestContext, name: string): Promise<string> {
  const slug = `${name}-${Date.now()}`;
  await createCalloutAsAdmin(request, {
    slug,
    formSchema: form,
    variants: {
      default: {
        title: "What should the new square be?",
        excerpt: "The council is asking.",
        intro: "<p>Tell us.</p>",
        thanksTitle: "Thanks",
        thanksText: "<p>Thanks.</p>",
        slideNavigation: { only: { prevText: "Back", nextText: "Next", submitText: "Send" } },
        componentText: {},
      },
    },
  });
  return slug;
}

/** The API reads the page makes, as path and query. */
function recordReads(page: Page): string[] {
  const reads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/1.0/") && request.method() === "GET") reads.push(url.pathname + url.search);
  });
  return reads;
}

/**
 * A reader who opens a shared callout gets its form in the page itself: they can start typing
 * before the app has loaded, and the app takes the page over from the answers it came with,
 * keeping what they typed (decision 047).
 */
test("a shared callout's form comes with its page, and the app takes it over", async ({ page, request, browser }) => {
  const slug = await sharedCallout(request, "first-view");

  // Without any script, the form is there.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await noScript.newPage();
    await plain.goto(`/callouts/${slug}/respond`);
    await expect(plain.getByLabel("What do you think?")).toBeVisible();
    await expect(plain.getByRole("heading", { name: "What should the new square be?" })).toBeVisible();
  } finally {
    await noScript.close();
  }

  // The app's code arrives late, as on a slow connection; the reader starts meanwhile.
  let releaseScripts = () => undefined as void;
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  const reads = recordReads(page);
  await page.goto(`/callouts/${slug}/respond`, { waitUntil: "commit" });
  const view = page.getByLabel("What do you think?");
  await view.fill("A market");
  await view.press("End");
  releaseScripts();

  // The app has taken over once the page's answers are in its cache.
  await expect(page.locator("#cohort-state")).toHaveCount(0);
  await view.pressSequentially(" with trees");
  await expect(view).toHaveValue("A market with trees");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page).toHaveURL(new RegExp(`/callouts/${slug}/thanks`));
  // It read nothing before the answer went: the page had brought it all.
  expect(reads.filter((read) => !read.includes("hasAnswered"))).toEqual([]);
});

/**
 * A member who opens a shared callout: the page's head names its files and the
 * reads it makes, the browser fetches them at once, and the app takes those
 * answers instead of asking again (decision 045).
 */
test("a member's callout page opens from what its head names, each read fetched once", async ({ page, request }) => {
  const slug = await sharedCallout(request, "first-load");
  const member = await createMember(request, "first-load");
  const login = await page.request.post("/api/1.0/auth/login", {
    headers: { "X-Requested-With": "XMLHttpRequest" },
    data: { email: member.email, password: member.password },
  });
  expect(login.status()).toBe(204);

  const apiReads = recordReads(page);
  const response = await page.goto(`/callouts/${slug}/respond`);
  const html = (await response?.text()) ?? "";
  await expect(page.getByLabel("What do you think?")).toBeVisible();

  // A page with a session is not rendered on the server: the head names its code and its reads.
  expect(html).toContain('<div id="root"></div>');
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/callout-respond-page-[\w-]+\.js" \/>/);
  expect(html).toContain(`href="/api/1.0/callout/${slug}?with=form&amp;with=hasAnswered`);

  // The app took the answers the browser had already fetched: nothing was read twice.
  const counts = new Map<string, number>();
  for (const read of apiReads) counts.set(read, (counts.get(read) ?? 0) + 1);
  expect([...counts].filter(([, count]) => count > 1)).toEqual([]);
  expect([...counts.keys()]).toEqual(
    expect.arrayContaining([
      "/api/1.0/contact/me?with=roles&with=isReviewer",
      "/api/1.0/content/general",
      `/api/1.0/callout/${slug}?with=form&with=hasAnswered&with=variantNames&with=responseViewSchema`,
    ]),
  );
});
