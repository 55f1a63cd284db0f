import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures/audit.js";
import { ADMIN, logIn } from "./fixtures/accounts.js";
import { createCalloutAsAdmin } from "./fixtures/callouts.js";
import { BASE_URL } from "./fixtures/server.js";

/** How a link unfurler asks: no cookies, no JavaScript run. */
const CRAWLER = { "user-agent": "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)" };

/** Creates an open callout with one short form and answers its slug. */
async function createCallout(
  request: APIRequestContext,
  texts: { title: string; shareTitle?: string },
  hidden = false,
) {
  const slug = `shared-${hidden ? "hidden-" : ""}${Date.now()}`;
  await createCalloutAsAdmin(request, {
    slug,
    hidden,
    formSchema: {
      slides: [
        {
          id: "s1",
          title: "You",
          navigation: {},
          components: [{ id: "c1", key: "story", type: "textarea", input: true, label: "Your story" }],
        },
      ],
    },
    variants: {
      default: {
        title: texts.title,
        excerpt: "Tell us how the tide has changed your street.",
        intro: "<p>We read every story.</p>",
        thanksTitle: "Thank you",
        thanksText: "<p>Thanks.</p>",
        ...(texts.shareTitle ? { shareTitle: texts.shareTitle } : {}),
        slideNavigation: { s1: { prevText: "Back", nextText: "Next", submitText: "Send" } },
        componentText: {},
      },
    },
  });
  return slug;
}

/** The content of one meta tag of a page's HTML, still escaped as written. */
function metaContent(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
}

test("an admin opens the UI toolkit and tries its dialogs and notifications", async ({ page }) => {
  await page.goto(`/auth/login?next=${encodeURIComponent("/admin/ui-toolkit")}`);
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/ui-toolkit$/);
  await expect(page.getByRole("heading", { level: 1, name: "UI toolkit" })).toBeVisible();
  await expect(page).toHaveTitle(/^UI toolkit - /);
  for (const section of ["Buttons", "Form fields", "Dialogs", "Tables and lists", "Badges", "Alerts", "Tabs"]) {
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  }

  await page.getByRole("button", { name: "Open a dialog" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit the name" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toBeHidden();

  await page.getByRole("region", { name: "Notification tray" }).getByRole("button", { name: "Warning" }).click();
  const tray = page.getByRole("region", { name: "Notifications" });
  await expect(tray.getByRole("status").filter({ hasText: "A sentence that explains what happened" })).toBeVisible();
});

test("a shared callout link gives crawlers its preview and people the app", async ({ page, request }) => {
  const slug = await createCallout(request, { title: "High tide", shareTitle: `Has the "high tide" reached you?` });
  const hiddenSlug = await createCallout(request, { title: "Not for sharing yet" }, true);

  const response = await request.get(`/callouts/${slug}?lang=de`, { headers: CRAWLER });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(metaContent(html, "og:title")).toBe("Has the &quot;high tide&quot; reached you?");
  expect(metaContent(html, "twitter:title")).toBe("Has the &quot;high tide&quot; reached you?");
  expect(metaContent(html, "og:description")).toBe("Tell us how the tide has changed your street.");
  expect(metaContent(html, "og:url")).toBe(`${BASE_URL}/callouts/${slug}?lang=de`);
  expect(metaContent(html, "og:site_name")).toBeTruthy();

  const hidden = await (await request.get(`/callouts/${hiddenSlug}/respond`, { headers: CRAWLER })).text();
  expect(hidden).not.toContain("Not for sharing yet");
  expect(metaContent(hidden, "og:type")).toBe("website");

  // The same address still opens the callout for a reader.
  await page.goto(`/callouts/${slug}`);
  await expect(page.getByRole("heading", { name: "High tide" })).toBeVisible();
});

/** Whether anything that can be pressed lies under the box, other than the tray itself. */
async function pressableUnder(page: Page, box: { x: number; y: number; width: number; height: number }) {
  return page.evaluate((area) => {
    const found: string[] = [];
    for (let x = area.x + 2; x < area.x + area.width; x += 12) {
      for (let y = area.y + 2; y < area.y + area.height; y += 12) {
        for (const element of document.elementsFromPoint(x, y)) {
          if (element.closest("[aria-label='Notifications']")) continue;
          const pressable = element.closest(
            "a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex='-1'])",
          );
          if (pressable) found.push(pressable.outerHTML.slice(0, 80));
        }
      }
    }
    return [...new Set(found)];
  }, box);
}

test("a notification hides nothing that can be pressed, on a wide screen and on a phone with a dialog open", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/auth/login?next=${encodeURIComponent("/admin/ui-toolkit")}`);
  await logIn(page, ADMIN.email, ADMIN.password);
  const tray = page.getByRole("region", { name: "Notifications" });
  const toast = tray.getByRole("status").filter({ hasText: "A sentence that explains what happened" });

  await page.getByRole("region", { name: "Notification tray" }).getByRole("button", { name: "Warning" }).click();
  await expect(toast).toBeVisible();
  await page.mouse.move(1000, 10);
  const wide = (await toast.boundingBox())!;
  expect(wide.x + wide.width).toBeLessThanOrEqual(256);
  expect(await pressableUnder(page, wide)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("toast-1280.png") });

  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole("region", { name: "Notification tray" }).getByRole("button", { name: "Warning" }).click();
  await page.getByRole("button", { name: "Open a dialog" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit the name" });
  await expect(dialog).toBeVisible();
  await expect(toast.first()).toBeVisible();
  const phone = (await toast.first().boundingBox())!;
  const sheet = (await dialog.boundingBox())!;
  expect(phone.y + phone.height).toBeLessThanOrEqual(sheet.y);
  await page.screenshot({ path: test.info().outputPath("toast-375-dialog.png") });
});
