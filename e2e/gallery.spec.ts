import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync } from "node:zlib";
import type { APIRequestContext, FrameLocator, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/audit.js";
import { createCalloutAsAdmin, publishResponses } from "./fixtures/callouts.js";
import { BASE_URL } from "./fixtures/server.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

/** A small PNG of one colour, made here so the journey needs no image files. */
function png(rgb: [number, number, number], size = 48): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), ...Array.from({ length: size }, () => Buffer.from(rgb))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const form = {
  slides: [
    {
      id: "report",
      title: "Report",
      navigation: {},
      components: [
        { id: "r1", key: "title", type: "textfield", input: true, label: "What did you see?" },
        { id: "r2", key: "photos", type: "file", input: true, label: "Photos", isMulti: true },
        { id: "r3", key: "note", type: "textarea", input: true, label: "Newsroom note", adminOnly: true },
      ],
    },
  ],
};

/** Uploads a picture as a visitor does before sending the form; its address. */
async function upload(request: APIRequestContext, name: string, rgb: [number, number, number]): Promise<string> {
  const flow = await request.post("/api/1.0/upload", { headers });
  expect(flow.status()).toBe(200);
  const { id } = (await flow.json()) as { id: string };
  const stored = await request.post(`/upload?token=${id}`, {
    headers,
    multipart: { file: { name, mimeType: "image/png", buffer: png(rgb) } },
  });
  expect(stored.status(), await stored.text()).toBe(200);
  return ((await stored.json()) as { url: string }).url;
}

/**
 * An open callout with a gallery of its "verified" responses: two with photos
 * and one without are published, one with a photo stays in the inbox.
 */
async function createGalleryCallout(request: APIRequestContext): Promise<string> {
  const slug = `storm-photos-${Date.now()}`;
  await createCalloutAsAdmin(request, {
    slug,
    allowMultiple: true,
    formSchema: form,
    responseViewSchema: {
      buckets: ["verified"],
      titleProp: "report.title",
      imageProp: "report.photos",
      imageFilter: "sepia(0.4)",
      links: [],
      gallery: true,
      map: null,
    },
    variants: {
      default: {
        title: "Storm damage in your street",
        excerpt: "Photos of what the storm did.",
        intro: "<p>Send us your photos of the storm.</p>",
        thanksTitle: "Thank you",
        thanksText: "<p>We check every photo before it is shown.</p>",
        slideNavigation: { report: { prevText: "Back", nextText: "Next", submitText: "Send" } },
        componentText: {},
      },
    },
  });
  // The fourth (number 4) stays unpublished.
  const reports: { title: string; colour?: [number, number, number] }[] = [
    { title: "Fallen tree on the school road", colour: [40, 120, 60] },
    { title: "No photo, just a story" },
    { title: "Roof tiles in the park", colour: [170, 60, 40] },
    { title: "Not checked yet", colour: [30, 30, 160] },
  ];
  for (const report of reports) {
    const photos = report.colour ? [{ url: await upload(request, "storm.png", report.colour), name: "storm.png" }] : [];
    const sent = await request.post(`/api/1.0/callout/${slug}/responses`, {
      headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
      data: { answers: { report: { title: report.title, photos, note: "internal: reader's phone number" } } },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  }
  await publishResponses(request, slug, (response) => response.number !== 4);
  return slug;
}

type Surface = Page | FrameLocator;

const tiles = (surface: Surface): Locator =>
  surface.getByRole("list", { name: "Photos sent in for Storm damage in your street" }).getByRole("button");

/** Whether an image in the page has really loaded. */
const loaded = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

test("the gallery shows the published photos and opens a response beside them, also by its link", async ({
  page,
  request,
}) => {
  const slug = await createGalleryCallout(request);

  // The intro first.
  await page.goto(`/callouts/${slug}/gallery`);
  await expect(page.getByRole("heading", { name: "Storm damage in your street", level: 2 })).toBeVisible();
  await expect(page.getByText("Send us your photos of the storm.")).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();

  // Published responses with photos only, lowest number first; the first photo at gallery size.
  await expect(tiles(page)).toHaveText(["Fallen tree on the school road", "Roof tiles in the park"]);
  const firstImage = tiles(page).first().locator("img");
  await expect(firstImage).toHaveAttribute("src", /\/uploads\/.+\/storm\.png\?w=400&h=400$/);
  await expect(firstImage).toHaveCSS("filter", "sepia(0.4)");
  await expect.poll(() => loaded(firstImage)).toBe(true);

  // A click opens the panel; the address names the response; admin-only answers never show.
  await tiles(page).nth(1).click();
  await expect(page).toHaveURL(/#response-3$/);
  const panel = page.getByRole("complementary", { name: "Roof tiles in the park" });
  await expect(panel.getByRole("heading", { name: "Roof tiles in the park" })).toBeVisible();
  await expect(panel.locator("img").first()).toHaveAttribute("src", /\?w=600&h=600$/);
  await expect(panel.getByText("What did you see?")).toBeVisible();
  await expect(page.getByText("Newsroom note")).toHaveCount(0);
  await expect(page.getByText("internal: reader's phone number")).toHaveCount(0);
  await expect(panel.getByText("Entry 2 of 2")).toBeVisible();
  await panel.getByRole("button", { name: "Previous entry" }).click();
  await expect(page).toHaveURL(/#response-1$/);

  // The link opens the same response straight away, without the intro.
  await page.goto(`/callouts/${slug}/gallery#response-3`);
  await expect(page.getByRole("complementary", { name: "Roof tiles in the park" })).toBeVisible();
  await expect(page.getByText("Send us your photos of the storm.")).toHaveCount(0);
  // A response still in the inbox is not there to open.
  await page.goto(`/callouts/${slug}/gallery?noIntro#response-4`);
  await expect(tiles(page)).toHaveCount(2);
  await expect(page.getByRole("complementary")).toHaveCount(0);
});

test("the gallery works inside another site's page through the embed script", async ({ page, request }) => {
  const slug = await createGalleryCallout(request);
  const article = `<!doctype html><title>Article</title><h1>After the storm</h1><script src="${BASE_URL}/embed.js" data-url="callouts/${slug}/gallery"></script>`;
  const newsroom = createServer((_request, response) =>
    response.writeHead(200, { "Content-Type": "text/html" }).end(article),
  );
  await new Promise<void>((resolve) => newsroom.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = newsroom.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    const frame = page.frameLocator("iframe");
    // In a frame: no header and no intro, the photos straight away.
    await expect(tiles(frame)).toHaveCount(2);
    await expect(frame.getByRole("heading", { level: 1 })).toHaveCount(0);
    await expect(frame.getByText("Send us your photos of the storm.")).toHaveCount(0);
    await expect.poll(() => loaded(tiles(frame).first().locator("img"))).toBe(true);
    await tiles(frame).first().click();
    await expect(frame.getByRole("complementary", { name: "Fallen tree on the school road" })).toBeVisible();
  } finally {
    await new Promise((resolve) => newsroom.close(resolve));
  }
});
