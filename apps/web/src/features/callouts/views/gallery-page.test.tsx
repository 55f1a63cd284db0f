import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import type { Callout } from "@cohort/common/callouts";
import type { MapResponse } from "@cohort/common/callouts";
import { activateLocale, i18n } from "../../../app/i18n/i18n";
import { jsonResponse, mapConfigResponse, requestUrl } from "../../../test/json-response";
import { GalleryPage } from "./gallery-page";
import { fetchMock, renderRoutes, stubFetch } from "../../../test/harness";

function floodCallout(overrides: Partial<Callout> = {}): Callout {
  return {
    id: "0b9e8f36-7c0a-4f4e-9a55-1d2b3c4d5e6f",
    slug: "floods",
    title: "Flooding on your street",
    excerpt: "Show us the water",
    image: "",
    starts: "2024-01-01T00:00:00.000Z",
    expires: null,
    allowUpdate: false,
    allowMultiple: true,
    hidden: false,
    access: "anonymous",
    captcha: "none",
    status: "open",
    channels: null,
    intro: "<p>Send us a photo of the water.</p>",
    newsletterSchema: null,
    variantNames: ["default"],
    formSchema: {
      slides: [
        {
          id: "s",
          title: "Report",
          navigation: {},
          components: [
            { id: "t", key: "title", type: "textfield", label: "What happened?", input: true },
            { id: "p", key: "pics", type: "file", label: "Photos", input: true },
            { id: "e", key: "email", type: "email", label: "Your email", input: true, adminOnly: true },
          ],
        },
      ],
    },
    responseViewSchema: {
      buckets: ["verified"],
      titleProp: "s.title",
      imageProp: "s.pics",
      imageFilter: "grayscale(1)",
      links: [],
      gallery: true,
      map: null,
    },
    ...overrides,
  };
}

const photo = (name: string) => ({ url: `/uploads/${name}/photo.jpg`, name: "photo.jpg" });
const item = (number: number, title: string, photos: { url: string }[]): MapResponse => ({
  number,
  title,
  photos,
  answers: { s: { title, ...(photos.length ? { pics: photos } : {}) } },
});

function serve(callout: Callout, items: MapResponse[] | "fail", basemap: string | null = null) {
  fetchMock.mockImplementation(async (input) => {
    const url = requestUrl(input);
    if (url.startsWith("/api/1.0/map/config")) return mapConfigResponse(basemap);
    if (url.startsWith("/api/1.0/callout/floods/responses/map")) {
      if (items === "fail") return jsonResponse(500, { code: "internal-error" });
      return jsonResponse(200, { items, total: items.length, offset: 0, count: items.length });
    }
    if (url.startsWith("/api/1.0/callout/floods?")) return jsonResponse(200, callout);
    if (url.includes("/content/general")) return jsonResponse(404, { code: "not-found" });
    return jsonResponse(404, { code: "not-found" });
  });
}

function renderAt(path: string) {
  return renderRoutes([{ path: "/callouts/:id/gallery", Component: GalleryPage }], path);
}

const threeResponses = [
  item(1, "Cellar under water", [photo("a"), photo("b")]),
  item(2, "No picture here", []),
  item(5, "Street like a river", [photo("c")]),
];

describe("the gallery", () => {
  beforeAll(async () => {
    await activateLocale("en", true);
  });
  stubFetch();
  it("shows the first photo of each response with photos, at gallery size and with the image filter", async () => {
    serve(floodCallout(), threeResponses);
    renderAt("/callouts/floods/gallery?noIntro");
    const grid = await screen.findByRole("list", { name: "Photos sent in for Flooding on your street" });
    const buttons = within(grid).getAllByRole("button");
    expect(buttons.map((button) => button.textContent)).toEqual(["Cellar under water", "Street like a river"]);
    const image = buttons[0]!.querySelector("img")!;
    expect(image).toHaveAttribute("src", "/uploads/a/photo.jpg?w=400&h=400");
    expect(image.style.filter).toBe("grayscale(1)");
    expect(screen.getByRole("heading", { level: 1, name: "Flooding on your street" })).toBeInTheDocument();
  });

  it("opens a response in the side panel, keeps it in the address, and closes it again", async () => {
    serve(floodCallout(), threeResponses);
    const router = renderAt("/callouts/floods/gallery?noIntro");
    await userEvent.click(await screen.findByRole("button", { name: "Cellar under water" }));
    expect(router.state.location.hash).toBe("#response-1");
    expect(router.state.location.search).toBe("?noIntro");
    const panel = await screen.findByRole("complementary", { name: "Cellar under water" });
    expect(within(panel).getByRole("heading", { name: "Cellar under water" })).toBeInTheDocument();
    expect(panel.querySelector("img")).toHaveAttribute("src", "/uploads/a/photo.jpg?w=600&h=600");
    expect(await within(panel).findByText("What happened?")).toBeInTheDocument();
    expect(within(panel).queryByText("Your email")).not.toBeInTheDocument();
    expect(within(panel).getByText("Entry 1 of 2")).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole("button", { name: "Next entry" }));
    expect(router.state.location.hash).toBe("#response-5");
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(router.state.location.hash).toBe("");
    expect(screen.queryByRole("complementary")).not.toBeInTheDocument();
  });

  it("opens the response a link names, with or without photos", async () => {
    serve(floodCallout(), threeResponses);
    renderAt("/callouts/floods/gallery#response-2");
    expect(await screen.findByRole("complementary", { name: "No picture here" })).toBeInTheDocument();
    expect(screen.queryByText("Send us a photo of the water.")).not.toBeInTheDocument();
  });

  it("puts the intro before the photos in the page's order, as it is on screen", async () => {
    serve(floodCallout(), threeResponses);
    renderAt("/callouts/floods/gallery");
    const tile = await screen.findByRole("button", { name: "Cellar under water" });
    const intro = screen.getByRole("complementary", { name: "Flooding on your street" });
    expect(intro.compareDocumentPosition(tile) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("opens with the intro unless ?noIntro", async () => {
    serve(floodCallout(), threeResponses);
    renderAt("/callouts/floods/gallery");
    const intro = await screen.findByRole("complementary", { name: "Flooding on your street" });
    expect(within(intro).getByText("Send us a photo of the water.")).toBeInTheDocument();
    expect(within(intro).getByRole("link", { name: "Get started" })).toHaveAttribute(
      "href",
      "/callouts/floods/respond",
    );
  });

  it("keeps the intro closed once a response has replaced it", async () => {
    serve(floodCallout(), threeResponses);
    renderAt("/callouts/floods/gallery");
    await screen.findByRole("complementary", { name: "Flooding on your street" });
    await userEvent.click(await screen.findByRole("button", { name: "Cellar under water" }));
    const panel = await screen.findByRole("complementary", { name: "Cellar under water" });
    await userEvent.click(within(panel).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("complementary")).not.toBeInTheDocument();
  });

  it("says when there are no photos yet", async () => {
    serve(floodCallout(), [item(2, "No picture here", [])]);
    renderAt("/callouts/floods/gallery?noIntro");
    expect(await screen.findByText("No photos yet")).toBeInTheDocument();
  });

  it("offers a retry when the responses fail to load", async () => {
    serve(floodCallout(), "fail");
    renderAt("/callouts/floods/gallery?noIntro");
    expect(await screen.findByText("The responses could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("links to the map only when there is a map to show", async () => {
    const map = {
      style: "",
      center: [13.4, 52.5] as [number, number],
      bounds: [
        [13, 52],
        [14, 53],
      ] as [[number, number], [number, number]],
      minZoom: 3,
      maxZoom: 18,
      initialZoom: 11,
      addressProp: "s.where",
      addressPattern: "",
      addressPatternProp: "",
    };
    const withMap = floodCallout({ responseViewSchema: { ...floodCallout().responseViewSchema!, map } });

    serve(withMap, threeResponses, null);
    renderAt("/callouts/floods/gallery?noIntro");
    await screen.findByRole("button", { name: "Cellar under water" });
    // Told there is no basemap, the header still offers no map.
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).startsWith("/api/1.0/map/config"))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole("link", { name: "Map" })).not.toBeInTheDocument();
    cleanup();

    serve(withMap, threeResponses, "/basemap/style.json");
    renderAt("/callouts/floods/gallery?noIntro");
    expect(await screen.findByRole("link", { name: "Map" })).toHaveAttribute("href", "/callouts/floods/map?noIntro");
  });

  describe("language menu", () => {
    const optionsOf = (menu: HTMLElement) =>
      within(menu)
        .getAllByRole("option")
        .map((option) => option.textContent);

    it("lists only the languages the callout has texts in, and switches with ?lang=", async () => {
      serve(floodCallout({ variantNames: ["default", "nl"] }), threeResponses);
      const router = renderAt("/callouts/floods/gallery?noIntro");
      const menu = await screen.findByRole("combobox", { name: "Language" });
      // The default texts are in the organisation's language: English here.
      expect(optionsOf(menu)).toEqual(["English", "Dutch"]);
      expect(menu).toHaveValue("en");
      await userEvent.selectOptions(menu, "nl");
      expect(router.state.location.search).toBe("?noIntro=&lang=nl");
    });

    it("is left out when the callout has texts in one language only", async () => {
      serve(floodCallout(), threeResponses);
      renderAt("/callouts/floods/gallery?noIntro");
      await screen.findByRole("button", { name: "Cellar under water" });
      expect(screen.queryByRole("combobox", { name: "Language" })).not.toBeInTheDocument();
    });

    it("keeps the page's language among the choices, and marks the callout's texts as in another", async () => {
      await activateLocale("de", true);
      try {
        serve(floodCallout(), threeResponses);
        renderAt("/callouts/floods/gallery?noIntro&lang=de");
        const menu = await screen.findByRole("combobox", { name: "Sprache" });
        expect(optionsOf(menu)).toEqual(["Englisch", "Deutsch"]);
        expect(menu).toHaveValue("de");
        expect(screen.getByRole("heading", { level: 1, name: "Flooding on your street" })).toHaveAttribute(
          "lang",
          "en-GB",
        );
      } finally {
        await activateLocale("en", true);
      }
    });
  });

  it("is not found for a callout without a gallery", async () => {
    const callout = floodCallout();
    serve({ ...callout, responseViewSchema: { ...callout.responseViewSchema!, gallery: false } }, []);
    renderAt("/callouts/floods/gallery");
    expect(await screen.findByText(i18n.t("callouts.notFound"))).toBeInTheDocument();
  });
});
