import type { APIRequestContext, Page } from "@playwright/test";
import { asAdmin } from "./fixtures/accounts.js";
import { expect, test } from "./fixtures/audit.js";
import { createCalloutAsAdmin } from "./fixtures/callouts.js";
import { berlinResponseView, clickMap, expectBasemapDrawn, readyMap } from "./fixtures/maps.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

/** What the Photon stand-in knows of Hauptstraße 5 in Berlin: its name and point. */
const HOUSE = { name: "Hauptstraße 5, 10827 Berlin, Berlin, Deutschland", lng: 13.3541, lat: 52.4863 };

const texts = (submitText: string) => ({
  title: "Potholes in our town",
  excerpt: "Where the roads need fixing.",
  intro: "<p>Tell us where the potholes are.</p>",
  thanksTitle: "Thank you for the pothole",
  thanksText: "<p>We pass every report on to the council.</p>",
  slideNavigation: { where: { prevText: "Back", nextText: "Next", submitText } },
  componentText: {},
});

const addressComponent = {
  id: "a1",
  key: "address",
  type: "address",
  input: true,
  label: "Where is it?",
  validate: { required: true },
};

/**
 * An open callout whose form asks for an address (when `withAddress`) and how
 * deep the pothole is; its map settings name no style (the server's own
 * basemap) and search only in Germany.
 */
async function createPotholeCallout(request: APIRequestContext, withAddress: boolean): Promise<string> {
  const slug = `potholes-${Date.now()}`;
  const depth = { id: "a2", key: "title", type: "textfield", input: true, label: "How deep is it?" };
  await createCalloutAsAdmin(request, {
    slug,
    formSchema: {
      slides: [
        {
          id: "where",
          title: "Where",
          navigation: {},
          components: withAddress ? [addressComponent, depth] : [depth],
        },
      ],
    },
    responseViewSchema: berlinResponseView({}),
    variants: { default: texts("Send report") },
  });
  return slug;
}

/** The page's scripts that belong to the map: the address picker's button and MapLibre itself. */
function mapScripts(page: Page): { field: string[]; mapLibre: string[] } {
  const seen = { field: [] as string[], mapLibre: [] as string[] };
  page.on("request", (request) => {
    const url = request.url();
    if (/\/assets\/address-map-field-[\w-]+\.js$/.test(url)) seen.field.push(url);
    if (/\/assets\/maplibre-gl-[\w-]+\.js$/.test(url)) seen.mapLibre.push(url);
  });
  return seen;
}

/** Waits until the picker's marker stands in the middle of its map: the map has finished moving to it. */
async function expectMarkerCentred(page: Page): Promise<void> {
  const map = page.getByRole("region", { name: "Map to choose the location" });
  await expect
    .poll(
      async () => {
        const box = await map.boundingBox();
        const marker = await page.locator(".maplibregl-marker").boundingBox();
        if (!box || !marker) return Infinity;
        // The marker's tip (the middle of its bottom edge) sits on the place.
        const dx = marker.x + marker.width / 2 - (box.x + box.width / 2);
        const dy = marker.y + marker.height - (box.y + box.height / 2);
        return Math.round(Math.hypot(dx, dy));
      },
      { message: "the map has moved to the found place" },
    )
    .toBeLessThan(12);
}

test("the map picker loads only with forms that ask for an address", async ({ page, request }) => {
  const plain = await createPotholeCallout(request, false);
  const scripts = mapScripts(page);
  await page.goto(`/callouts/${plain}/respond`);
  await expect(page.getByLabel("How deep is it?")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual({ field: [], mapLibre: [] });

  // With an address: the button loads with the form, MapLibre only once the map opens.
  const slug = await createPotholeCallout(request, true);
  await page.goto(`/callouts/${slug}/respond`);
  const onMap = page.getByRole("button", { name: "Choose on the map" });
  await expect(onMap).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.field.length).toBeGreaterThan(0);
  expect(scripts.mapLibre).toEqual([]);
  await onMap.click();
  await readyMap(page);
  expect(scripts.mapLibre.length).toBeGreaterThan(0);
});

test("a visitor finds the place by name, sets it on the map and sends it with its point", async ({ page, request }) => {
  const slug = await createPotholeCallout(request, true);
  await page.goto(`/callouts/${slug}/respond`);
  await page.getByRole("button", { name: "Choose on the map" }).click();
  const map = await readyMap(page);
  await expectBasemapDrawn(page, map);
  await page.screenshot({ path: test.info().outputPath("address-picker-desktop.png"), fullPage: true });

  // The search asks only for places in the callout's countries: London is not in Germany.
  const search = page.getByRole("searchbox", { name: "Search for a place" });
  await search.fill("London");
  await search.press("Enter");
  await expect(page.getByText("No place found.")).toBeVisible();
  await search.fill("Hauptstraße");
  await search.press("Enter");
  await page.getByRole("button", { name: HOUSE.name }).click();
  const address = page.getByLabel("Where is it?");
  await expect(address).toHaveValue(HOUSE.name);
  await expectMarkerCentred(page);

  // A click a little east of the house sets the point there, and asks the geocoder what is there.
  const reversed = page.waitForResponse((response) => response.url().includes("/geocode/reverse"));
  await clickMap(map, { x: 100, y: 0 });
  expect((await reversed).status()).toBe(200);
  await expect(address).toHaveValue(HOUSE.name);
  await expectBasemapDrawn(page, map);

  await page.getByLabel("How deep is it?").fill("Ankle deep");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for the pothole" })).toBeVisible();

  // The newsroom sees the address with the clicked point, east of the house.
  const stored = await asAdmin(request, async () => {
    const list = await request.get(`/api/1.0/callout/${slug}/responses?limit=10`, { headers });
    expect(list.status()).toBe(200);
    const { items } = (await list.json()) as { items: { id: string }[] };
    expect(items).toHaveLength(1);
    const one = await request.get(`/api/1.0/callout-responses/${items[0]!.id}?with=answers`, { headers });
    expect(one.status()).toBe(200);
    return (await one.json()) as { answers: { where: { address: Record<string, unknown>; title: string } } };
  });
  const answer = stored.answers.where.address as {
    formatted_address: string;
    geometry: { location: { lng: number; lat: number } };
  };
  expect(answer.formatted_address).toBe(HOUSE.name);
  expect(stored.answers.where.title).toBe("Ankle deep");
  // 100 pixels at zoom 15 are about 0.002 degrees of longitude.
  expect(answer.geometry.location.lng).toBeGreaterThan(HOUSE.lng + 0.001);
  expect(answer.geometry.location.lng).toBeLessThan(HOUSE.lng + 0.004);
  expect(Math.abs(answer.geometry.location.lat - HOUSE.lat)).toBeLessThan(0.0005);
});

test("the address picker fits a phone", async ({ page, request }) => {
  const slug = await createPotholeCallout(request, true);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/callouts/${slug}/respond`);
  await page.getByRole("button", { name: "Choose on the map" }).click();
  const map = await readyMap(page);
  await expectBasemapDrawn(page, map);
  await clickMap(map);
  await expect(page.getByLabel("Where is it?")).toHaveValue(HOUSE.name);
  await expect(page.locator(".maplibregl-marker")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("address-picker-phone.png"), fullPage: true });
});
