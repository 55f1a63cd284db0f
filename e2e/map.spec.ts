import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/audit.js";
import { createCalloutAsAdmin, publishResponses } from "./fixtures/callouts.js";
import { berlinResponseView, clickMap, expectBasemapDrawn, readyMap } from "./fixtures/maps.js";
import { BASE_URL } from "./fixtures/server.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

const CLUSTER: [number, number] = [13.4, 52.5];
const ELSEWHERE: [number, number] = [13.5, 52.45];
const MAX_ZOOM = 14;

const form = {
  slides: [
    {
      id: "where",
      title: "Where",
      navigation: {},
      components: [
        { id: "w1", key: "address", type: "address", input: true, label: "Where is it?", validate: { required: true } },
        { id: "w2", key: "street", type: "textfield", input: true, label: "Street" },
        {
          id: "w3",
          key: "title",
          type: "textfield",
          input: true,
          label: "What did you see?",
          validate: { required: true },
        },
        { id: "w4", key: "note", type: "textarea", input: true, label: "Newsroom note", adminOnly: true },
      ],
    },
  ],
};

/**
 * An open callout with a map of its "verified" responses, and three of them at
 * one spot. It names no style: the map draws the server's own basemap.
 */
async function createMapCallout(request: APIRequestContext): Promise<string> {
  const slug = `floods-${Date.now()}`;
  await createCalloutAsAdmin(request, {
    slug,
    allowMultiple: true,
    formSchema: form,
    responseViewSchema: berlinResponseView({
      center: CLUSTER,
      maxZoom: MAX_ZOOM,
      addressPattern: "{address} {street_number}",
      addressPatternProp: "where.street",
    }),
    variants: {
      default: {
        title: "Flooding on your street",
        excerpt: "Where the water came in.",
        intro: "<p>Show us where the rain flooded streets and cellars.</p>",
        thanksTitle: "Thank you for reporting",
        thanksText: "<p>We check every report before it goes on the map.</p>",
        slideNavigation: { where: { prevText: "Back", nextText: "Next", submitText: "Send report" } },
        componentText: {},
      },
    },
  });
  for (const title of ["Cellar under water", "Drain overflowing", "Road closed"]) {
    const sent = await request.post(`/api/1.0/callout/${slug}/responses`, {
      headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
      data: {
        answers: {
          where: {
            address: { formatted_address: "Main street", geometry: { location: { lng: CLUSTER[0], lat: CLUSTER[1] } } },
            title,
            note: "internal: caller's phone number",
          },
        },
      },
    });
    expect(sent.status()).toBe(200);
  }
  await publishResponses(request, slug);
  return slug;
}

/** What the Photon stand-in answers for any point: a house in Berlin. */
const GEOCODED_ADDRESS = "Hauptstraße 5, 10827 Berlin, Berlin, Deutschland";

const view = ([lng, lat]: [number, number], zoom: number) => `c=${lng},${lat}&z=${zoom}`;

test("a visitor opens the map, a cluster and a response by its link; a new location appears once published", async ({
  page,
  request,
}) => {
  // A long journey, and the map draws in software here.
  test.slow();
  const slug = await createMapCallout(request);

  // The intro first, then the map.
  await page.goto(`/callouts/${slug}/map?${view(CLUSTER, MAX_ZOOM)}`);
  await expect(page.getByRole("heading", { name: "Flooding on your street", level: 2 })).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();
  const map = await readyMap(page);
  await expectBasemapDrawn(page, map);

  // Three responses at one spot stay a cluster at the last zoom: a click opens the lowest number.
  await clickMap(map);
  const panel = page.getByRole("complementary");
  await expect(panel.getByText("Entry 1 of 3")).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Cellar under water" })).toBeVisible();
  await expect(page).toHaveURL(/#response-1$/);
  // Admin-only answers never reach the public page.
  await expect(panel.getByText("Newsroom note")).toHaveCount(0);
  await expect(page.getByText("internal: caller's phone number")).toHaveCount(0);
  await panel.getByRole("button", { name: "Next entry" }).click();
  await expect(panel.getByText("Entry 2 of 3")).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Drain overflowing" })).toBeVisible();
  await expect(page).toHaveURL(/#response-2$/);
  await page.screenshot({ path: test.info().outputPath("map-desktop.png") });

  // Adding a location: a click at a spot, the form filled in with what the geocoder finds there.
  await page.goto(`/callouts/${slug}/map?noIntro&${view(ELSEWHERE, 13)}`);
  await page.getByRole("button", { name: "Add location" }).click();
  await expect(page).toHaveURL(/#add$/);
  await expect(page.getByText("Click on the map where it is")).toBeVisible();
  await clickMap(await readyMap(page));
  const addPanel = page.getByRole("complementary");
  await expect(addPanel.getByLabel("Where is it?")).toHaveValue(GEOCODED_ADDRESS);
  // The address pattern "{address} {street_number}" from the places found there.
  await expect(addPanel.getByLabel("Street")).toHaveValue("Hauptstraße 5");
  await addPanel.getByLabel("What did you see?").fill("Water in the underpass");
  await addPanel.getByRole("button", { name: "Send report" }).click();
  await expect(addPanel.getByRole("heading", { name: "Thank you for reporting" })).toBeVisible();
  await expect(addPanel.getByText(`${BASE_URL}/callouts/${slug}`)).toBeVisible();

  // Not on the map until the newsroom moves it to the public bucket.
  await page.goto(`/callouts/${slug}/map?noIntro&${view(ELSEWHERE, 13)}`);
  await clickMap(await readyMap(page));
  await expect(page.getByRole("complementary")).toHaveCount(0);
  await publishResponses(request, slug);
  await page.goto(`/callouts/${slug}/map?noIntro&${view(ELSEWHERE, 13)}`);
  await clickMap(await readyMap(page));
  await expect(page.getByRole("complementary").getByRole("heading", { name: "Water in the underpass" })).toBeVisible();
  await expect(page).toHaveURL(/#response-4$/);

  // On a phone the panel sits under the map.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await readyMap(page);
  await expect(page.getByRole("complementary").getByRole("heading", { name: "Water in the underpass" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("map-phone.png") });
});

test("a response opened by its link shows the map around it, on a computer and on a phone", async ({
  page,
  request,
}) => {
  const slug = await createMapCallout(request);
  for (const size of [
    { width: 1280, height: 720, name: "desktop" },
    { width: 375, height: 740, name: "phone" },
  ]) {
    // Each time opened afresh, as a shared link is (not by a change of the address's # only).
    await page.goto("about:blank");
    await page.setViewportSize(size);
    await page.goto(`/callouts/${slug}/map?noIntro#response-3`);
    const panel = page.getByRole("complementary");
    await expect(panel.getByRole("heading", { name: "Road closed" })).toBeVisible();
    const map = await readyMap(page);
    // Beside the panel on a computer, above it on a phone: the map around the response shows.
    await expectBasemapDrawn(page, map);
    // The page fits the window, the test-mode banner above it included: nothing scrolls away.
    await expect(page.getByText(/Test mode/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(
      0,
    );
    await page.screenshot({ path: test.info().outputPath(`map-deep-link-${size.name}.png`) });
    // The panel closes onto the same map, which fills the page again.
    await panel.getByRole("button", { name: "Close" }).click();
    await expect(page).not.toHaveURL(/#response-3/);
    await expectBasemapDrawn(page, map);
  }
});

test("a visitor adding a location finds the place by name, only in the callout's countries", async ({
  page,
  request,
}) => {
  const slug = await createMapCallout(request);
  await page.goto(`/callouts/${slug}/map?noIntro&${view(ELSEWHERE, 13)}#add`);
  const map = await readyMap(page);
  const search = page.getByRole("searchbox", { name: "Search for a place" });

  // London is known to the geocoder, but the callout asks only for places in Germany.
  await search.fill("London");
  await search.press("Enter");
  await expect(page.getByText("No place found.")).toBeVisible();

  await search.fill("Hauptstraße");
  await search.press("Enter");
  await page.getByRole("button", { name: GEOCODED_ADDRESS }).click();
  await expect(search).toHaveValue(GEOCODED_ADDRESS);
  // The map moves to the place (its view is in the address), still drawing the basemap.
  await expect(page).toHaveURL(/[?&]c=13\.354\d*,52\.486\d*/);
  await expectBasemapDrawn(page, map);
  await page.screenshot({ path: test.info().outputPath("map-search.png") });

  // A click there places the new response at the found house.
  await clickMap(map);
  await expect(page.getByRole("complementary").getByLabel("Where is it?")).toHaveValue(GEOCODED_ADDRESS);
});

test("the map works inside a newsroom's article through the embed script", async ({ page, request }) => {
  const slug = await createMapCallout(request);
  const article = `<!doctype html><title>Article</title><h1>Floods in town</h1><script src="${BASE_URL}/embed.js" data-url="callouts/${slug}/map?${view(CLUSTER, MAX_ZOOM)}"></script>`;
  const newsroom = createServer((_request, response) =>
    response.writeHead(200, { "Content-Type": "text/html" }).end(article),
  );
  await new Promise<void>((resolve) => newsroom.listen(0, "127.0.0.1", resolve));
  try {
    await page.goto(`http://127.0.0.1:${(newsroom.address() as AddressInfo).port}/`);
    const frame = page.frameLocator("iframe");
    const map = await readyMap(frame);
    await expectBasemapDrawn(page, map);
    // The frame keeps the map's height instead of growing with it.
    await expect.poll(async () => (await page.locator("iframe").boundingBox())?.height).toBeLessThan(700);
    // Inside a frame: no header and no intro unless asked for.
    await expect(frame.getByRole("heading", { name: "Flooding on your street" })).toHaveCount(0);
    await clickMap(map);
    await expect(frame.getByText("Entry 1 of 3")).toBeVisible();
    await frame.getByRole("button", { name: "Next entry" }).click();
    await expect(frame.getByRole("heading", { name: "Drain overflowing" })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("map-embedded.png") });
  } finally {
    await new Promise((resolve) => newsroom.close(resolve));
  }
});
