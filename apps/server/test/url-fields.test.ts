import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateCallout } from "@cohort/common/callouts";
import { anonymousCalloutSettings, createAppWithAdmin } from "./helpers/callout-factory.js";
import { call, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  ({ t, adminCookie } = await createAppWithAdmin());
});
afterAll(() => t.close());

const HOSTILE = [
  "javascript:alert(1)",
  " JavaScript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "data:image/svg+xml;base64,PHN2Zz4=",
  "vbscript:msgbox(1)",
  "//evil.example/x",
];

/** The field errors of a 400 answer, by property. */
function fieldErrors(response: { statusCode: number; json: () => unknown }): Record<string, string[]> {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { code: string; errors: { property: string; constraints: Record<string, string> }[] };
  expect(body.code).toBe("invalid-request");
  return Object.fromEntries(body.errors.map((error) => [error.property, Object.values(error.constraints)]));
}

const patchGeneral = (body: unknown) => call(t.app, "PATCH", "/content/general", { cookie: adminCookie, body });

describe("addresses in the settings", () => {
  it("refuses javascript:, data: and other schemes with a field error", async () => {
    for (const url of HOSTILE) {
      const errors = fieldErrors(
        await patchGeneral({
          logoUrl: url,
          siteUrl: url,
          privacyLink: url,
          termsLink: url,
          impressumLink: url,
          backgroundUrl: url,
          footerLinks: [{ text: "Contact", url }],
        }),
      );
      for (const field of [
        "logoUrl",
        "siteUrl",
        "privacyLink",
        "termsLink",
        "impressumLink",
        "backgroundUrl",
        "footerLinks.0.url",
      ]) {
        expect(errors[field], `${field} ${url}`).toEqual(["Invalid URL"]);
      }
    }
    expect(
      fieldErrors(await patchGeneral({ footerLinks: [{ text: "Contact", url: "" }] }))["footerLinks.0.url"],
    ).toEqual(["URL is required"]);
    expect(fieldErrors(await patchGeneral({ privacyLink: "mailto:desk@example.org" })).privacyLink).toEqual([
      "Invalid URL",
    ]);
    const general = await call(t.app, "GET", "/content/general");
    expect(general.body).not.toMatch(/javascript:|data:/i);
  });

  it("takes http(s) addresses, site paths for images, mailto for footer links and empty for not set", async () => {
    const changes = {
      logoUrl: "/uploads/4a8e/logo.png",
      siteUrl: "https://news.example.org",
      privacyLink: "https://news.example.org/privacy",
      termsLink: "http://news.example.org/terms",
      impressumLink: "",
      backgroundUrl: "https://cdn.example.org/bg.jpg",
      footerLinks: [
        { text: "Contact", url: "mailto:desk@example.org" },
        { text: "Join", url: "/join" },
      ],
    };
    const response = await patchGeneral(changes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject(changes);
  });
});

function callout(overrides: Partial<CreateCallout> = {}, variant: Record<string, unknown> = {}): CreateCallout {
  return {
    ...anonymousCalloutSettings,
    formSchema: {
      slides: [
        {
          id: "s1",
          title: "One",
          navigation: { nextSlideId: null },
          components: [{ id: "c1", key: "name", type: "textfield", input: true, label: "Name" }],
        },
      ],
    },
    variants: {
      default: {
        title: "Links",
        excerpt: "",
        intro: "",
        thanksTitle: "",
        thanksText: "",
        slideNavigation: {},
        componentText: {},
        ...variant,
      },
    },
    ...overrides,
  };
}

const view = (overrides: { url?: string; style?: string }) => ({
  buckets: [],
  titleProp: "",
  imageProp: "",
  imageFilter: "",
  links: [{ text: "More", url: overrides.url ?? "https://example.org" }],
  gallery: true,
  map: {
    style: overrides.style ?? "",
    center: [0, 0] as [number, number],
    bounds: [
      [-1, -1],
      [1, 1],
    ] as [[number, number], [number, number]],
    minZoom: 1,
    maxZoom: 10,
    initialZoom: 5,
    addressProp: "",
    addressPattern: "",
    addressPatternProp: "",
  },
});

describe("addresses in callouts", () => {
  it("refuses javascript: and data: in the image, thanks redirect, gallery links and map style", async () => {
    for (const url of HOSTILE) {
      const errors = fieldErrors(
        await call(t.app, "POST", "/callout", {
          cookie: adminCookie,
          body: callout({ image: url, responseViewSchema: view({ url, style: url }) }, { thanksRedirect: url }),
        }),
      );
      for (const field of [
        "image",
        "variants.default.thanksRedirect",
        "responseViewSchema.links.0.url",
        "responseViewSchema.map.style",
      ]) {
        expect(errors[field], `${field} ${url}`).toEqual(["Invalid URL"]);
      }
    }
  });

  it("refuses them in a change too, and takes http(s) addresses and uploads", async () => {
    const created = await call(t.app, "POST", "/callout", {
      cookie: adminCookie,
      body: callout(
        { image: "/uploads/1/cover.jpg", responseViewSchema: view({ style: "https://tiles.example.org/style.json" }) },
        { thanksRedirect: "https://news.example.org/thanks" },
      ),
    });
    expect(created.statusCode, created.body).toBe(200);
    const slug = created.json().slug as string;
    const patched = await call(t.app, "PATCH", `/callout/${slug}`, {
      cookie: adminCookie,
      body: { image: "data:image/png;base64,AAAA" },
    });
    expect(fieldErrors(patched).image).toEqual(["Invalid URL"]);
    const kept = await call(t.app, "GET", `/callout/${slug}?with=form`, { cookie: adminCookie });
    expect(kept.json()).toMatchObject({
      image: "/uploads/1/cover.jpg",
      thanksRedirect: "https://news.example.org/thanks",
    });
  });
});
