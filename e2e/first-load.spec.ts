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

/**
 * A visitor who opens a shared callout: the page's head names its files and the
 * reads it makes, the browser fetches them at once, and the app takes those
 * answers instead of asking again (decision 045).
 */
test("a shared callout opens from what its page names, each read fetched once", async ({ page, request }) => {
  const slug = `first-load-${Date.now()}`;
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

  const apiReads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/1.0/") && request.method() === "GET") apiReads.push(url.pathname + url.search);
  });
  const response = await page.goto(`/callouts/${slug}/respond`);
  const html = (await response?.text()) ?? "";
  await expect(page.getByLabel("What do you think?")).toBeVisible();

  // The head names the page's own code and the callout it reads.
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
