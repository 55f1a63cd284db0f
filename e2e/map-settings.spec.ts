import type { APIRequestContext, Page } from "@playwright/test";
import { makeTestBasemap } from "@cohort/stand-ins/basemap";
import { ADMIN, asAdmin, logIn } from "./fixtures/accounts.js";
import { expect, test } from "./fixtures/audit.js";
import { createCalloutAsAdmin } from "./fixtures/callouts.js";
import { clickMap, readyMap } from "./fixtures/maps.js";

/*
 * Settings → Maps (decision 057). This journey changes the organisation's maps for every
 * visitor, so it runs with the site-wide ones, and puts the server's own basemap back at the end.
 */

const headers = { "X-Requested-With": "XMLHttpRequest" };

/** What the Photon stand-in knows of Hauptstraße 5 in Berlin. */
const HOUSE = { name: "Hauptstraße 5, 10827 Berlin, Berlin, Deutschland", lng: 13.3541, lat: 52.4863 };

/**
 * OpenFreeMap's style, as the browser would load it: a stand-in served from the test's
 * browser context, so no journey needs the internet. The page's security policy is still
 * the server's, so the style loads only if the policy lets OpenFreeMap in.
 */
async function serveOpenFreeMap(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route("https://tiles.openfreemap.org/**", (route) => {
    asked.push(route.request().url());
    return route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({
        version: 8,
        sources: {},
        layers: [{ id: "background", type: "background", paint: { "background-color": "#e0f0d8" } }],
      }),
    });
  });
  return asked;
}

async function mapSettings(request: APIRequestContext, changes: Record<string, unknown>): Promise<void> {
  await asAdmin(request, async () => {
    const saved = await request.patch("/api/1.0/map/settings", { headers, data: changes });
    expect(saved.status(), await saved.text()).toBe(200);
  });
}

const form = {
  slides: [
    {
      id: "where",
      title: "Where",
      navigation: {},
      components: [
        { id: "a1", key: "address", type: "address", input: true, label: "Where is it?", validate: { required: true } },
        { id: "a2", key: "title", type: "textfield", input: true, label: "What is there?" },
      ],
    },
  ],
};

const texts = {
  title: "Trees we should plant",
  excerpt: "Where the street needs shade.",
  intro: "<p>Tell us where a tree should grow.</p>",
  thanksTitle: "Thank you for the tree",
  thanksText: "<p>We pass every place on to the council.</p>",
  slideNavigation: { where: { prevText: "Back", nextText: "Next", submitText: "Send place" } },
  componentText: {},
};

test.afterAll(async ({ request }) => {
  // The other journeys draw the server's own basemap and search with the Photon stand-in.
  await mapSettings(request, { basemap: "pmtiles", geocoder: "photon", center: [0, 20], zoom: 1 });
});

test("an admin chooses OpenFreeMap and where maps start, switches a callout's map on, and an answer lands on it", async ({
  page,
  request,
}) => {
  const asked = await serveOpenFreeMap(page);
  await page.goto(`/auth/login?next=${encodeURIComponent("/admin/settings/maps")}`);
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/settings\/maps$/);
  await expect(page.getByRole("heading", { name: "Basemap" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Maps" })).toHaveAttribute("aria-current", "page");

  // Each choice says what goes to whom; the keyless public map needs nothing more.
  await page.getByRole("radio", { name: /OpenFreeMap/ }).check();
  await expect(page.getByText(/which sees their IP address and the area they look at/).first()).toBeVisible();
  await page
    .getByRole("radio", { name: /MapTiler/ })
    .first()
    .check();
  await expect(page.getByLabel("MapTiler key", { exact: true })).toBeVisible();
  await page.getByRole("radio", { name: /OpenFreeMap/ }).check();
  await expect(page.getByLabel("MapTiler key", { exact: true })).toHaveCount(0);

  // Where maps start: found by its address in the preview's search.
  await readyMap(page);
  const search = page.getByRole("searchbox", { name: "Search for a place" });
  await search.fill("Hauptstraße");
  await search.press("Enter");
  await page.getByRole("button", { name: HOUSE.name }).click();
  await expect(page.getByTestId("map-centre")).toContainText(`${HOUSE.lng.toFixed(5)}, ${HOUSE.lat.toFixed(5)}`);
  await page.screenshot({ path: test.info().outputPath("map-settings-desktop.png"), fullPage: true });
  // Saved with a new map host, the page loads again under the policy that lets OpenFreeMap in.
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Save" }).click();
  await reloaded;
  await expect(page.getByRole("radio", { name: /OpenFreeMap/ })).toBeChecked();
  await expect(page.getByTestId("map-centre")).toContainText(`${HOUSE.lng.toFixed(5)}, ${HOUSE.lat.toFixed(5)}`);
  await expect(await readyMap(page)).toHaveAttribute("data-map-base", "basemap");
  expect(asked.length).toBeGreaterThan(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("map-settings-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A callout's map switched on without a style of its own: it starts where the organisation's maps start.
  const slug = `trees-${Date.now()}`;
  const { id } = await createCalloutAsAdmin(request, {
    slug,
    formSchema: form,
    variants: { default: texts },
  });
  await page.goto(`/admin/callouts/edit/${id}`);
  await page.getByRole("tab", { name: "Response display" }).click();
  await page.getByRole("checkbox", { name: "Show responses to the public" }).check();
  const tray = page.getByRole("region", { name: "Notifications" });
  while ((await tray.getByRole("button").count()) > 0) await tray.getByRole("button").first().click();
  await page.getByRole("checkbox", { name: "Map of responses" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Show publicly" }).click();
  await expect(page.getByLabel("Centre")).toHaveValue(`${HOUSE.lng}, ${HOUSE.lat}`);
  await expect(page.getByText("No basemap yet")).toHaveCount(0);
  const addressChoice = page.getByLabel("Address question").locator("option", { hasText: "Where is it?" });
  await page.getByLabel("Address question").selectOption((await addressChoice.getAttribute("value")) ?? "");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/callouts/view/${id}$`));

  // The callout's "Link and embedding" card names the map.
  await expect(page.getByLabel("Link to the map")).toHaveValue(new RegExp(`/callouts/${slug}/map$`));

  // A reader places the answer by clicking the map; the public page links to the map.
  await page.context().clearCookies();
  await page.goto(`/callouts/${slug}`);
  await expect(page.getByRole("link", { name: "See the answers on a map" })).toBeVisible();
  await page.goto(`/callouts/${slug}/respond`);
  await page.getByRole("button", { name: "Choose on the map" }).click();
  const picker = await readyMap(page);
  await clickMap(picker, { x: 40, y: 0 });
  await expect(page.getByLabel("Where is it?")).not.toHaveValue("");
  await page.getByLabel("What is there?").fill("A bare pavement");
  await page.getByRole("button", { name: "Send place" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for the tree" })).toBeVisible();

  const located = await asAdmin(request, async () => {
    const list = await request.get(`/api/1.0/callout/${slug}/responses?limit=10`, { headers });
    const { items } = (await list.json()) as { items: { id: string }[] };
    const one = await request.get(`/api/1.0/callout-responses/${items[0]!.id}?with=answers`, { headers });
    return ((await one.json()) as { answers: { where: { address: { geometry?: { location: object } } } } }).answers
      .where.address;
  });
  expect(located.geometry?.location).toMatchObject({ lng: expect.any(Number), lat: expect.any(Number) });
});

test("an admin uploads a PMTiles file, draws the maps with it, and removes it once another basemap is chosen", async ({
  page,
  request,
}) => {
  await serveOpenFreeMap(page);
  await mapSettings(request, { basemap: "openfreemap" });
  await page.goto(`/auth/login?next=${encodeURIComponent("/admin/settings/maps")}`);
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole("radio", { name: /Your own PMTiles file/ }).check();
  const panel = page.getByTestId("basemap-file");
  await expect(panel).toContainText("The server's configuration names a file");
  await expect(panel).toContainText("pmtiles extract https://build.protomaps.com/");

  // A file that is not PMTiles is refused as soon as its first bytes arrive.
  const input = page.getByTestId("basemap-file-input");
  await input.setInputFiles({
    name: "notes.pmtiles",
    mimeType: "application/octet-stream",
    buffer: Buffer.from(`<!doctype html>${" ".repeat(400)}`),
  });
  await expect(panel.getByRole("alert")).toHaveText(/not a PMTiles file of version 3/);

  // A real one goes in, chosen from the keyboard.
  const basemap = makeTestBasemap({ maxZoom: 2 });
  const chooser = page.waitForEvent("filechooser");
  await panel.getByRole("button", { name: "Upload a PMTiles file" }).focus();
  await page.keyboard.press("Enter");
  await (await chooser).setFiles({ name: "berlin.pmtiles", mimeType: "application/octet-stream", buffer: basemap });
  await expect(panel.getByRole("status")).toHaveText(/The file is uploaded/);
  await expect(panel).toContainText(`Uploaded file: berlin.pmtiles, ${(basemap.length / 1_048_576).toFixed(1)} MB`);

  // Saved as the basemap (a host less: the page loads again), the maps draw the uploaded file.
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Save" }).click();
  await reloaded;
  await expect(page.getByRole("radio", { name: /Your own PMTiles file/ })).toBeChecked();
  await expect(await readyMap(page)).toHaveAttribute("data-map-base", "basemap");
  const served = await request.get("/api/1.0/map/basemap.pmtiles");
  expect(Buffer.from(await served.body()).equals(basemap)).toBe(true);
  await page.screenshot({ path: test.info().outputPath("map-upload-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("map-upload-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The file the maps draw is not removed: the dialog's answer says what to do first.
  await page.getByTestId("basemap-file").getByRole("button", { name: "Remove the file" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove the file" }).click();
  await expect(page.getByTestId("basemap-file").getByRole("alert")).toHaveText(/Choose another basemap and save first/);

  await page.getByRole("radio", { name: /OpenFreeMap/ }).check();
  const again = page.waitForEvent("load");
  await page.getByRole("button", { name: "Save" }).click();
  await again;
  await page.getByTestId("basemap-file").getByRole("button", { name: "Remove the file" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("berlin.pmtiles is deleted");
  await dialog.getByRole("button", { name: "Remove the file" }).click();
  await expect(page.getByTestId("basemap-file")).toHaveCount(0);
  // The server's own file is the PMTiles file again.
  await page.getByRole("radio", { name: /Your own PMTiles file/ }).check();
  await expect(page.getByTestId("basemap-file")).toContainText("The server's configuration names a file");
});
