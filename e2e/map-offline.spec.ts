import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/audit.js";
import { createCalloutAsAdmin } from "./fixtures/callouts.js";
import { berlinResponseView, clickMap, expectColourDrawn, readyMap } from "./fixtures/maps.js";

/** The built-in world's land and sea (apps/web/src/features/callouts/map/world-style.ts). */
const LAND = [0xf4, 0xf1, 0xea] as const;
const SEA = [0xdc, 0xe9, 0xf2] as const;

/** Errors the page's scripts threw and did not catch. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** The basemap cannot be reached (its style request fails as it does offline), nor can the geocoder. */
async function cutOffMapServices(page: Page): Promise<void> {
  await page.route("**/api/1.0/map/style.json", (route) => route.abort("internetdisconnected"));
  await page.route("**/api/1.0/geocode/**", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({
        httpCode: 503,
        code: "geocoding-unavailable",
        message: "Address search is not available.",
      }),
    }),
  );
}

async function createTreeCallout(request: Parameters<typeof createCalloutAsAdmin>[0]): Promise<string> {
  const slug = `shade-${Date.now()}`;
  await createCalloutAsAdmin(request, {
    slug,
    formSchema: {
      slides: [
        {
          id: "where",
          title: "Where",
          navigation: {},
          components: [
            { id: "a1", key: "address", type: "address", input: true, label: "Where is it?" },
            { id: "a2", key: "title", type: "textfield", input: true, label: "What is there?" },
          ],
        },
      ],
    },
    // The editor's whole world (latitudes to ±90°), as a fresh callout has it.
    responseViewSchema: berlinResponseView({
      minZoom: 1,
      initialZoom: 3,
      bounds: [
        [-180, -90],
        [180, 90],
      ],
    }),
    variants: {
      default: {
        title: "Shade for the square",
        excerpt: "Where a tree would help.",
        intro: "<p>Tell us where shade is missing.</p>",
        thanksTitle: "Thank you for the shade",
        thanksText: "<p>We read every answer.</p>",
        slideNavigation: { where: { prevText: "Back", nextText: "Next", submitText: "Send" } },
        componentText: {},
      },
    },
  });
  return slug;
}

test("with its basemap out of reach the map draws the built-in world, and the picker still places the answer", async ({
  page,
  request,
}) => {
  const errors = pageErrors(page);
  await cutOffMapServices(page);
  const slug = await createTreeCallout(request);

  await page.goto(`/callouts/${slug}/map`);
  const map = await readyMap(page);
  await expect(map).toHaveAttribute("data-map-base", "world");
  await expectColourDrawn(page, map, LAND, 0.05);
  await expectColourDrawn(page, map, SEA, 0.05);
  await page.screenshot({ path: test.info().outputPath("map-world-desktop.png") });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: test.info().outputPath("map-world-phone.png") });
  await page.setViewportSize({ width: 1280, height: 800 });

  // No geocoder answers: the address typed keeps its text and gains the point clicked.
  await page.goto(`/callouts/${slug}/respond`);
  const address = page.getByLabel("Where is it?");
  await address.fill("The corner by the bakery");
  await page.getByRole("button", { name: "Choose on the map" }).click();
  const picker = await readyMap(page);
  await expect(picker).toHaveAttribute("data-map-base", "world");
  await clickMap(picker);
  await expect(page.locator(".maplibregl-marker")).toBeVisible();
  await expect(address).toHaveValue("The corner by the bakery");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for the shade" })).toBeVisible();
  expect(errors).toEqual([]);
});
