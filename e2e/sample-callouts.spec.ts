import type { Page } from "@playwright/test";
import { SAMPLE_OPEN_CALLOUT_RESPONSES } from "@cohort/common/setup";
import { expect, expectAccessible, PHONE_WIDTH, test } from "./fixtures/audit.js";
import { ADMIN, asAdmin, logIn } from "./fixtures/accounts.js";
import { readyMap } from "./fixtures/maps.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };
const TITLE = "Sample: What is changing on your street?";

/** Both widths the pages are looked at in. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1280, PHONE_WIDTH]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

// The first admin loaded the sample data at setup (first-run.spec.ts); this journey only reads it.
test("the sample data's callout fills the inbox, the map and the gallery", async ({ page, request }) => {
  test.slow();
  const { callout, mapped } = await asAdmin(request, async () => {
    const list = await request.get(`/api/1.0/callout?limit=100&sort=title`, { headers });
    expect(list.status()).toBe(200);
    const found = ((await list.json()) as { items: { id: string; slug: string; title: string }[] }).items.find(
      (item) => item.title === TITLE,
    );
    expect(found).toBeDefined();
    const feed = await request.get(`/api/1.0/callout/${found!.slug}/responses/map`, { headers });
    expect(feed.status()).toBe(200);
    const items = ((await feed.json()) as { items: { number: number; title: string }[] }).items;
    return { callout: found!, mapped: items[0]! };
  });

  // The admin's inbox holds the sample answers, tagged and assigned.
  await page.goto(`/auth/login?next=${encodeURIComponent(`/admin/callouts/view/${callout.id}`)}`);
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: TITLE })).toBeVisible();
  await expect(page.getByRole("link", { name: /See the responses/ })).toContainText(
    String(SAMPLE_OPEN_CALLOUT_RESPONSES),
  );
  await page.getByRole("link", { name: /See the responses/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/callouts/view/${callout.id}/responses$`));
  const table = page.getByRole("table", { name: "Responses" });
  await expect(table.getByRole("link", { name: /^Open response #/ }).first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "sample-inbox");

  // Settings say the callouts go too before anything is removed; this journey keeps them.
  await page.goto("/admin/settings");
  await page.getByRole("button", { name: "Remove sample data" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`2 sample callouts with their`);
  await expectAccessible(page);
  await screenshots(page, "sample-remove-dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // The visitor's map opens a verified answer by its link.
  await page.goto(`/callouts/${callout.slug}/map?noIntro#response-${mapped.number}`);
  await readyMap(page);
  const panel = page.getByRole("complementary");
  await expect(panel.getByRole("heading", { name: mapped.title })).toBeVisible();
  // What identifies a person stays private (decision 053).
  await expect(panel.getByText("Your email address")).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, "sample-map");

  // The gallery shows the verified answers' photos.
  await page.goto(`/callouts/${callout.slug}/gallery?noIntro`);
  const tiles = page.getByRole("list", { name: `Photos sent in for ${TITLE}` }).getByRole("button");
  await expect(tiles.first()).toBeVisible();
  expect(await tiles.count()).toBeGreaterThan(10);
  const firstImage = tiles.first().locator("img");
  await expect
    .poll(() => firstImage.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
  await expectAccessible(page);
  await screenshots(page, "sample-gallery");
});
