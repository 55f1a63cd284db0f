import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { DEFAULT_VARIANT } from "@cohort/common/callouts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calloutVariants, callouts } from "../src/db/schema/index.js";
import { updateGeneralContent, updateJoinContent } from "../src/modules/content/service.js";
import { updateSettings } from "../src/modules/content/settings-service.js";
import { loginAs, makeCallout } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Cohort</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const APP_URL = "https://news.example.org";
const CRAWLER = { "user-agent": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)" };

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), "cohort-previews-"));
  mkdirSync(path.join(webDir, "assets"));
  writeFileSync(path.join(webDir, "index.html"), INDEX_HTML);
  writeFileSync(path.join(webDir, "assets", "index-abc123.js"), "export {};");
  t = await createTestApp({ WEB_DIST_DIR: webDir, APP_URL });
  await updateGeneralContent(t.ctx, { organisationName: `Harbour "Post" & Co` });
  await updateSettings(t.ctx, "share", {
    title: "Harbour Post",
    description: "Local news, owned by its readers",
    image: "/uploads/11111111-1111-4111-8111-111111111111/share.png",
    twitterHandle: "harbourpost",
  });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** The page as a link unfurler gets it: plain GET, no cookies, no JavaScript run. */
async function crawl(url: string) {
  const response = await t.app.inject({ method: "GET", url, headers: CRAWLER });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/html/);
  return response.body;
}

/** The content of the meta tag with that property or name, as written in the page (still escaped). */
function tag(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return match?.[1];
}

function canonical(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
}

/** Changes texts of a callout's default variant. */
async function setTexts(calloutId: string, texts: Partial<typeof calloutVariants.$inferInsert>) {
  await t.database.db
    .update(calloutVariants)
    .set(texts)
    .where(and(eq(calloutVariants.calloutId, calloutId), eq(calloutVariants.name, DEFAULT_VARIANT)));
}

describe("link previews of callouts", () => {
  it("gives crawlers the callout's share title, description, sized image and address, and people the app", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { title: "Flooding in the harbour" });
    await t.database.db
      .update(callouts)
      .set({ image: "/uploads/22222222-2222-4222-8222-222222222222/cover.jpg" })
      .where(eq(callouts.id, callout.id));
    await setTexts(callout.id, {
      excerpt: "Tell us where the water came in",
      shareTitle: "Has your street flooded?",
    });

    for (const subpage of ["", "/respond", "/map", "/gallery"]) {
      const html = await crawl(`/callouts/${callout.slug}${subpage}`);
      expect(tag(html, "og:title")).toBe("Has your street flooded?");
      expect(tag(html, "twitter:title")).toBe("Has your street flooded?");
      expect(html).toContain("<title>Has your street flooded?</title>");
      expect(tag(html, "og:description")).toBe("Tell us where the water came in");
      expect(tag(html, "og:image")).toBe(`${APP_URL}/uploads/22222222-2222-4222-8222-222222222222/cover.jpg?w=1200`);
      expect(tag(html, "twitter:card")).toBe("summary_large_image");
      expect(tag(html, "twitter:site")).toBe("@harbourpost");
      expect(tag(html, "og:type")).toBe("article");
      expect(tag(html, "og:site_name")).toBe("Harbour &quot;Post&quot; &amp; Co");
      expect(canonical(html)).toBe(`${APP_URL}/callouts/${callout.slug}${subpage}`);
      expect(tag(html, "og:url")).toBe(`${APP_URL}/callouts/${callout.slug}${subpage}`);
      // The app itself still loads, and nothing runs inline (the CSP allows no inline scripts).
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
      expect(html).not.toMatch(/<script>/);
    }
  });

  it("falls back to the title and the excerpt without share texts", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { title: "Bus routes" });
    await setTexts(callout.id, { excerpt: "Which bus do you take?" });
    const html = await crawl(`/callouts/${callout.slug}`);
    expect(tag(html, "og:title")).toBe("Bus routes");
    expect(tag(html, "og:description")).toBe("Which bus do you take?");
    // No picture of its own: the organisation's share picture.
    expect(tag(html, "og:image")).toBe(`${APP_URL}/uploads/11111111-1111-4111-8111-111111111111/share.png?w=1200`);
  });

  it("escapes every value, so a title cannot close the tag or open a script", async () => {
    const title = `He said "hi" <script>alert('x')</script> & left`;
    const callout = await makeCallout(t.database.db, t.clock, { title });
    await setTexts(callout.id, { excerpt: `"/><script>alert(1)</script>` });
    const html = await crawl(`/callouts/${callout.slug}`);
    expect(tag(html, "og:title")).toBe(
      "He said &quot;hi&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; left",
    );
    expect(tag(html, "og:description")).toBe("&quot;/&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain(
      "<title>He said &quot;hi&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; left</title>",
    );
    expect(html).not.toContain("<script>alert");
  });

  it("picks the variant of ?lang and keeps it in the canonical address", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { title: "Our schools" });
    await setTexts(callout.id, { excerpt: "Tell us about your school" });
    await t.database.db.insert(calloutVariants).values({
      calloutId: callout.id,
      name: "de",
      title: "Unsere Schulen",
      excerpt: "Erzählen Sie uns von Ihrer Schule",
      shareTitle: "Wie ist Ihre Schule?",
      intro: "",
      thanksTitle: "Danke",
      thanksText: "",
      slideNavigation: {},
      componentText: {},
    });

    const german = await crawl(`/callouts/${callout.slug}?lang=de`);
    expect(tag(german, "og:title")).toBe("Wie ist Ihre Schule?");
    expect(tag(german, "og:description")).toBe("Erzählen Sie uns von Ihrer Schule");
    expect(tag(german, "og:locale")).toBe("de_DE");
    expect(canonical(german)).toBe(`${APP_URL}/callouts/${callout.slug}?lang=de`);

    const english = await crawl(`/callouts/${callout.slug}`);
    expect(tag(english, "og:title")).toBe("Our schools");
    expect(tag(english, "og:locale")).toBe("en_GB");

    // A variety of German reads the German texts.
    expect(tag(await crawl(`/callouts/${callout.slug}?lang=de@informal`), "og:title")).toBe("Wie ist Ihre Schule?");

    // A language the callout has no texts in gets the default texts; an unknown one is ignored.
    expect(tag(await crawl(`/callouts/${callout.slug}?lang=nl`), "og:title")).toBe("Our schools");
    const unknown = await crawl(`/callouts/${callout.slug}?lang=xx`);
    expect(tag(unknown, "og:title")).toBe("Our schools");
    expect(canonical(unknown)).toBe(`${APP_URL}/callouts/${callout.slug}`);
  });

  it("gives hidden callouts, drafts, scheduled and unknown ones only the organisation's preview", async () => {
    const day = 86_400_000;
    const hidden = await makeCallout(t.database.db, t.clock, { title: "Secret hidden callout", hidden: true });
    const draft = await makeCallout(t.database.db, t.clock, { title: "Secret draft callout", starts: null });
    const scheduled = await makeCallout(t.database.db, t.clock, {
      title: "Secret scheduled callout",
      starts: new Date(t.clock.now().getTime() + day),
    });
    for (const slug of [hidden.slug, draft.slug, scheduled.slug, "no-such-callout"]) {
      const html = await crawl(`/callouts/${slug}/respond`);
      expect(html).not.toContain("Secret");
      expect(tag(html, "og:title")).toBe("Harbour Post");
      expect(tag(html, "og:description")).toBe("Local news, owned by its readers");
      expect(tag(html, "og:type")).toBe("website");
      expect(canonical(html)).toBe(`${APP_URL}/`);
    }
  });

  it("follows a change to the callout at once, though previews are cached", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { title: "Before" });
    expect(tag(await crawl(`/callouts/${callout.slug}`), "og:title")).toBe("Before");
    const admin = await makeContact(t.database.db, { roles: ["admin"] });
    const cookie = await loginAs(t.app, admin);
    const hidden = await call(t.app, "PATCH", `/callout/${callout.slug}`, { cookie, body: { hidden: true } });
    expect(hidden.statusCode).toBe(200);
    expect(tag(await crawl(`/callouts/${callout.slug}`), "og:title")).toBe("Harbour Post");
  });
});

describe("link previews of other pages", () => {
  it("gives the join page its own title and text, else the organisation's", async () => {
    let html = await crawl("/join");
    expect(tag(html, "og:title")).toBe("Harbour Post");
    expect(canonical(html)).toBe(`${APP_URL}/join`);

    await updateJoinContent(t.ctx, { title: "Join the <Post>", subtitle: "From £3 a month" });
    html = await crawl("/join?lang=nl");
    expect(tag(html, "og:title")).toBe("Join the &lt;Post&gt;");
    expect(tag(html, "og:description")).toBe("From £3 a month");
    expect(canonical(html)).toBe(`${APP_URL}/join?lang=nl`);
  });

  it("gives other pages no preview: their index.html differs only by the page hints", async () => {
    for (const url of ["/profile", "/callouts", "/callouts/a/b/c", "/admin/ui-toolkit"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      // A visit without a session cookie is also marked so (decision 060).
      const withoutHints = response.body
        .replace(/<link rel="preload"[^>]*\/>\s*/g, "")
        .replace(/ {2}<meta name="cohort-session" content="none" \/>\n {2}/, "");
      expect(withoutHints).toBe(INDEX_HTML);
    }
  });
});
