import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateCallout } from "@cohort/common/callouts";
import { calloutVariants } from "../src/db/schema/index.js";
import { anonymousCalloutSettings, createAppWithAdmin } from "./helpers/callout-factory.js";
import { call, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  ({ t, adminCookie } = await createAppWithAdmin());
});
afterAll(() => t.close());

/** Script in each of the ways it is usually smuggled into HTML. */
const PAYLOAD =
  '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">link</a>' +
  '<a href="java&#9;script:alert(4)">tab</a><img src="data:image/svg+xml;base64,PHN2Zz4=">' +
  '<svg onload="alert(5)"></svg><iframe src="https://evil.example"></iframe><p style="x" onclick="alert(6)">Text</p>';

/** Traces of script that must never come back from the API. */
const SCRIPT_TRACES = /onerror|onload|onclick|<script|javascript:|data:|<svg|<iframe|style=|customConditional|alert\(/i;

const contentHtml = `<p>Read this</p>${PAYLOAD}`;

function hostileCallout(): CreateCallout {
  return {
    ...anonymousCalloutSettings,
    starts: new Date(Date.now() - 60_000).toISOString(),
    formSchema: {
      slides: [
        {
          id: "slide1",
          title: "One",
          navigation: { nextSlideId: null },
          components: [
            { id: "c0", key: "intro", type: "content", input: false, html: contentHtml },
            {
              id: "c1",
              key: "name",
              type: "textfield",
              input: true,
              label: `Name ${PAYLOAD}`,
              description: `Your name ${PAYLOAD}`,
              customConditional: "show = alert(7)",
              calculateValue: "value = alert(8)",
              validate: { required: false, custom: "valid = alert(9)" },
            },
            {
              id: "c2",
              key: "panes",
              type: "tabs",
              input: false,
              components: [
                {
                  key: "first",
                  label: `First ${PAYLOAD}`,
                  components: [{ id: "c3", key: "legacy", type: "content", input: false, content: PAYLOAD }],
                },
              ],
            },
          ],
        },
      ],
    },
    variants: {
      default: {
        title: "Hostile",
        excerpt: "",
        intro: `<p>Intro</p>${PAYLOAD}`,
        thanksTitle: "Thanks",
        thanksText: `<p>Thanks</p>${PAYLOAD}`,
        slideNavigation: {},
        componentText: { [contentHtml]: `<p>Lies dies</p>${PAYLOAD}` },
      },
      nl: {
        title: "Vijandig",
        excerpt: "",
        intro: `<p>Inleiding</p>${PAYLOAD}`,
        thanksTitle: "Dank",
        thanksText: `<p>Dank</p>${PAYLOAD}`,
        slideNavigation: {},
        componentText: {
          [contentHtml]: `<p>Lees dit</p>${PAYLOAD}`,
          "Your name": "Tom & Jerry < 18 > 3",
          "Plain label": "Naam",
        },
      },
    },
  };
}

describe("HTML that callouts store", () => {
  it("comes back without script from every HTML field, componentText included", async () => {
    const created = await call(t.app, "POST", "/callout", { cookie: adminCookie, body: hostileCallout() });
    expect(created.statusCode, created.body).toBe(200);
    const slug = created.json().slug as string;

    for (const variant of ["default", "nl"]) {
      const response = await call(t.app, "GET", `/callout/${slug}?with=form&variant=${variant}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toMatch(SCRIPT_TRACES);
      const callout = response.json();
      expect(callout.intro).toMatch(/^<p>(Intro|Inleiding)<\/p><img \/>/);
      expect(callout.thanksText).toContain("Text</p>");
    }
    const admin = await call(t.app, "GET", `/callout/${slug}?with=form&with=variants`, { cookie: adminCookie });
    expect(admin.body).not.toMatch(SCRIPT_TRACES);

    const stored = await t.database.db.select().from(calloutVariants);
    const nl = stored.find((row) => row.name === "nl")!;
    expect(JSON.stringify(stored)).not.toMatch(SCRIPT_TRACES);
    // Plain texts in which no markup can start are kept as written.
    expect(nl.componentText["Your name"]).toBe("Tom & Jerry < 18 > 3");
    expect(nl.componentText["Plain label"]).toBe("Naam");
    expect(Object.values(nl.componentText).some((text) => text.startsWith("<p>Lees dit</p>"))).toBe(true);

    // The translation of the content block is still found under the cleaned text.
    const dutch = (await call(t.app, "GET", `/callout/${slug}?with=form&variant=nl`)).json().formSchema;
    expect(dutch.componentText[dutch.slides[0].components[0].html]).toMatch(/^<p>Lees dit<\/p>/);

    const form = admin.json().formSchema.slides[0].components;
    expect(form[0].html).toMatch(/^<p>Read this<\/p>/);
    expect(form[1]).not.toHaveProperty("customConditional");
    expect(form[1]).not.toHaveProperty("calculateValue");
    expect(form[1].validate).toEqual({ required: false });
    expect(form[1].label).toMatch(/^Name /);
  });

  it("cleans the HTML of a change too", async () => {
    const created = await call(t.app, "POST", "/callout", {
      cookie: adminCookie,
      body: { ...hostileCallout(), variants: { default: { ...hostileCallout().variants.default!, intro: "" } } },
    });
    const slug = created.json().slug as string;
    const variants = hostileCallout().variants;
    const patched = await call(t.app, "PATCH", `/callout/${slug}`, {
      cookie: adminCookie,
      body: { formSchema: hostileCallout().formSchema, variants },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const response = await call(t.app, "GET", `/callout/${slug}?with=form&with=variants`, { cookie: adminCookie });
    expect(response.body).not.toMatch(SCRIPT_TRACES);
  });

  it("keeps links, images and formatting", async () => {
    const html =
      '<h2>Heading</h2><p><strong>Bold</strong> <a href="https://example.org/a" target="_blank">site</a> ' +
      '<a href="mailto:desk@example.org">mail</a></p><img src="/uploads/1/photo.jpg" alt="Photo"><ul><li>One</li></ul>';
    const body = hostileCallout();
    body.variants.default!.intro = html;
    const created = await call(t.app, "POST", "/callout", { cookie: adminCookie, body });
    const response = await call(t.app, "GET", `/callout/${created.json().slug}?with=form`);
    expect(response.json().intro).toBe(
      '<h2>Heading</h2><p><strong>Bold</strong> <a href="https://example.org/a" target="_blank" rel="noopener noreferrer">site</a> ' +
        '<a href="mailto:desk@example.org" rel="noopener noreferrer">mail</a></p><img src="/uploads/1/photo.jpg" alt="Photo" /><ul><li>One</li></ul>',
    );
  });
});
