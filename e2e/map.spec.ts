import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext, BrowserContext, FrameLocator, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/audit.js";
import { createCalloutAsAdmin, publishResponses } from "./fixtures/callouts.js";
import { BASE_URL } from "./fixtures/server.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

/** A style with a background only, served at an address of the app itself (the page's policy allows no other). */
const STYLE_URL = `${BASE_URL}/e2e-map/style.json`;
const style = {
  version: 8,
  name: "Plain",
  sources: {},
  layers: [{ id: "land", type: "background", paint: { "background-color": "#e8efe3" } }],
};

/** Every page of the context (and the audit's re-visits) gets the style from here. */
async function serveStyle(context: BrowserContext): Promise<void> {
  await context.route(`${BASE_URL}/e2e-map/**`, (route) =>
    route.fulfill({ contentType: "application/json", body: JSON.stringify(style) }),
  );
}

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

/** An open callout with a map of its "verified" responses, and three of them at one spot. */
async function createMapCallout(request: APIRequestContext): Promise<string> {
  const slug = `floods-${Date.now()}`;
  await createCalloutAsAdmin(request, {
    slug,
    allowMultiple: true,
    formSchema: form,
    responseViewSchema: {
      buckets: ["verified"],
      titleProp: "where.title",
      imageProp: "",
      imageFilter: "",
      links: [],
      gallery: false,
      map: {
        style: STYLE_URL,
        center: CLUSTER,
        bounds: [
          [13.0, 52.3],
          [13.8, 52.7],
        ],
        minZoom: 8,
        maxZoom: MAX_ZOOM,
        initialZoom: 12,
        addressProp: "where.address",
        addressPattern: "{address} {street_number}",
        addressPatternProp: "where.street",
      },
    },
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

type Surface = Page | FrameLocator;

/** The map once MapLibre has drawn it. */
async function readyMap(surface: Surface): Promise<Locator> {
  const map = surface.locator('[data-map-state="ready"]');
  await expect(map).toBeVisible({ timeout: 20_000 });
  return map;
}

/** Clicks the middle of the map: the page opens centred on the spot under test. */
async function clickCentre(map: Locator): Promise<void> {
  const box = await map.boundingBox();
  if (!box) throw new Error("The map has no box");
  await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
}

const view = ([lng, lat]: [number, number], zoom: number) => `c=${lng},${lat}&z=${zoom}`;

test("a visitor opens the map, a cluster and a response by its link; a new location appears once published", async ({
  page,
  context,
  request,
}) => {
  await serveStyle(context);
  const slug = await createMapCallout(request);

  // The intro first, then the map.
  await page.goto(`/callouts/${slug}/map?${view(CLUSTER, MAX_ZOOM)}`);
  await expect(page.getByRole("heading", { name: "Flooding on your street", level: 2 })).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();
  const map = await readyMap(page);

  // Three responses at one spot stay a cluster at the last zoom: a click opens the lowest number.
  await clickCentre(map);
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

  // A response opened by its link.
  await page.goto(`/callouts/${slug}/map?noIntro#response-3`);
  await expect(page.getByRole("complementary").getByRole("heading", { name: "Road closed" })).toBeVisible();

  // Adding a location: a click at a spot, the form filled in with it (no geocoder here: "???").
  await page.goto(`/callouts/${slug}/map?noIntro&${view(ELSEWHERE, 13)}`);
  await page.getByRole("button", { name: "Add location" }).click();
  await expect(page).toHaveURL(/#add$/);
  await expect(page.getByText("Click on the map where it is")).toBeVisible();
  await clickCentre(await readyMap(page));
  const addPanel = page.getByRole("complementary");
  await expect(addPanel.getByLabel("Where is it?")).toHaveValue("???");
  await expect(addPanel.getByLabel("Street")).toHaveValue("??? ???");
  await addPanel.getByLabel("What did you see?").fill("Water in the underpass");
  await addPanel.getByRole("button", { name: "Send report" }).click();
  await expect(addPanel.getByRole("heading", { name: "Thank you for reporting" })).toBeVisible();
  await expect(addPanel.getByText(`${BASE_URL}/callouts/${slug}`)).toBeVisible();

  // Not on the map until the newsroom moves it to the public bucket.
  await page.goto(`/callouts/${slug}/map?noIntro&${view(ELSEWHERE, 13)}`);
  await clickCentre(await readyMap(page));
  await expect(page.getByRole("complementary")).toHaveCount(0);
  await publishResponses(request, slug);
  await page.goto(`/callouts/${slug}/map?noIntro&${view(ELSEWHERE, 13)}`);
  await clickCentre(await readyMap(page));
  await expect(page.getByRole("complementary").getByRole("heading", { name: "Water in the underpass" })).toBeVisible();
  await expect(page).toHaveURL(/#response-4$/);

  // On a phone the panel sits under the map.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await readyMap(page);
  await expect(page.getByRole("complementary").getByRole("heading", { name: "Water in the underpass" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("map-phone.png") });
});

test("the map works inside a newsroom's article through the embed script", async ({ page, context, request }) => {
  await serveStyle(context);
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
    // The frame keeps the map's height instead of growing with it.
    await expect.poll(async () => (await page.locator("iframe").boundingBox())?.height).toBeLessThan(700);
    // Inside a frame: no header and no intro unless asked for.
    await expect(frame.getByRole("heading", { name: "Flooding on your street" })).toHaveCount(0);
    await clickCentre(map);
    await expect(frame.getByText("Entry 1 of 3")).toBeVisible();
    await frame.getByRole("button", { name: "Next entry" }).click();
    await expect(frame.getByRole("heading", { name: "Drain overflowing" })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("map-embedded.png") });
  } finally {
    await new Promise((resolve) => newsroom.close(resolve));
  }
});
