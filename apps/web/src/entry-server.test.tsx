import { describe, expect, it, vi } from "vitest";
import type { Callout } from "@cohort/common/callouts";
import { riverCallout } from "./test/callouts";
import { generalContent, jsonResponse } from "./test/json-response";
import { isPrerendered, renderPage, type RenderServices } from "./entry-server";

const callout: Callout = riverCallout({
  intro: '<p>We are mapping the river paths.</p><img src="javascript:alert(1)">',
});

/** The server's answers, as its routes give them to a visitor without a session. */
function services(content = generalContent): RenderServices & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    cleanHtml: (html) => html.replace(/<img[^>]*>/g, ""),
    transport: vi.fn(async (url: string) => {
      asked.push(url);
      if (url.startsWith("/api/1.0/contact/me")) return jsonResponse(401, { code: "not-authenticated" });
      if (url === "/api/1.0/content/general") return jsonResponse(200, content);
      if (url.startsWith("/api/1.0/callout/river-walk?")) return jsonResponse(200, callout);
      return jsonResponse(404, { code: "not-found" });
    }),
  };
}

const at = (path: string) => new URL(path, "http://cohort.example");

describe("renderPage", () => {
  it("renders a callout's form as a visitor without a session sees it, with the answers it read", async () => {
    const server = services();
    const page = await renderPage(at("/callouts/river-walk/respond"), server);
    expect(page).not.toBeNull();
    const root = new DOMParser().parseFromString(page!.html, "text/html").body;
    const field = root.querySelector("input[type=text]");
    expect(field).not.toBeNull();
    expect(root.querySelector(`label[for="${field!.id}"]`)?.textContent).toContain("Your favourite spot");
    expect(root.querySelector("h1")?.textContent).toBe("Tell us about the river");
    expect(root.textContent).toContain("Log in");
    expect(page!.lang).toBe("en-GB");
    // Each read once, and every one of them handed over for the app to start from.
    expect(server.asked).toEqual([
      "/api/1.0/contact/me?with=roles&with=isReviewer",
      "/api/1.0/content/general",
      "/api/1.0/callout/river-walk?with=form&with=hasAnswered&with=variantNames&with=responseViewSchema",
    ]);
    const keys = page!.state.queries.map((query) => query.queryKey[0]);
    expect(keys).toEqual(expect.arrayContaining(["session", "content", "callouts"]));
  });

  it("gives the callout's address to pass on from the site's address it is given", async () => {
    const page = await renderPage(at("/callouts/river-walk"), {
      ...services(),
      siteOrigin: "https://news.example.org/",
    });
    const root = new DOMParser().parseFromString(page!.html, "text/html").body;
    const link = [...root.querySelectorAll("input")].find((input) => input.value.includes("/callouts/"));
    expect(link?.value).toBe("https://news.example.org/callouts/river-walk");
  });

  it("cleans rich text with the cleaner it is given", async () => {
    const page = await renderPage(at("/callouts/river-walk"), services());
    expect(page!.html).toContain("We are mapping the river paths.");
    expect(page!.html).not.toContain("javascript:");
  });

  it("renders in the language the address asks for, else the organisation's", async () => {
    const german = await renderPage(at("/callouts/river-walk/respond?lang=de"), services());
    expect(german!.lang).toBe("de-DE");
    expect(german!.html).toContain("Anmelden");
    const dutch = await renderPage(at("/callouts/river-walk/respond"), services({ ...generalContent, locale: "nl" }));
    expect(dutch!.lang).toBe("nl-NL");
    const english = await renderPage(at("/callouts/river-walk/respond"), services());
    expect(english!.html).toContain("Log in");
  });

  it("gives the theme's colours as one rule for the page's head", async () => {
    const content = { ...generalContent, theme: { colors: { primary: "#112233" } } };
    const page = await renderPage(at("/callouts/river-walk/respond"), services(content));
    expect(page!.themeCss).toMatch(/^:root\{[^<>{}]*--cohort-primary:#112233[^<>{}]*\}$/);
  });

  it("renders only the pages it names", async () => {
    expect(isPrerendered("/callouts/river-walk")).toBe(true);
    expect(isPrerendered("/callouts/river-walk/respond/")).toBe(true);
    expect(isPrerendered("/callouts/river-walk/thanks")).toBe(false);
    expect(isPrerendered("/admin")).toBe(false);
    const server = services();
    expect(await renderPage(at("/join"), server)).toBeNull();
    expect(server.asked).toEqual([]);
  });
});

describe("renderPage, for callouts that give no link preview", () => {
  it.each([
    ["a hidden callout", { hidden: true }],
    ["a scheduled callout", { status: "scheduled" }],
  ] as const)("leaves %s to the app", async (_, overrides) => {
    const server = services();
    const transport = server.transport;
    server.transport = async (url, init) =>
      url.startsWith("/api/1.0/callout/river-walk?")
        ? jsonResponse(200, { ...callout, ...overrides })
        : transport(url, init);
    expect(await renderPage(at("/callouts/river-walk/respond"), server)).toBeNull();
  });

  it("leaves an unknown callout to the app", async () => {
    expect(await renderPage(at("/callouts/no-such-callout"), services())).toBeNull();
  });
});
