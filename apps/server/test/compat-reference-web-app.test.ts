/**
 * The reference's own web app (v0.27.4, `apiUrl=/api/1.0/`) against Cohort:
 * the requests it sends, as it sends them, are understood (decision 024).
 */
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../src/db/schema/index.js";
import { mergeSlashes } from "../src/http/merge-slashes.js";
import { updateGeneralContent } from "../src/modules/content/service.js";
import { sendEmail } from "../src/modules/emails/service.js";
import { makeCallout } from "./helpers/callout-factory.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";
import { pngImage, uploadFile } from "./helpers/upload-client.js";

let t: TestApp;
let adminCookie: string;

const logIn = async (email: string) =>
  sessionCookie(await call(t.app, "POST", "/auth/login", { body: { email, password: PASSWORD } }));

beforeAll(async () => {
  // The web app's sources stand in for its build: Cohort's own icon is read from there.
  t = await createTestApp({ WEB_DIST_DIR: new URL("../../web/dist", import.meta.url).pathname });
  const admin = await makeContact(t.database.db, { roles: ["admin"] });
  adminCookie = await logIn(admin.email);
});
afterAll(() => t.close());

/** What the reference's account forms send when no address is filled in. */
const noAddress = { line1: "", line2: "", city: "", postcode: "" };
const anAddress = { line1: "1 Quay St", line2: "", city: "Hull", postcode: "HU1 1AA" };

describe("a contact without a postal address", () => {
  it("a member saves their account with the four empty parts, and has no address", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const cookie = await logIn(member.email);
    const saved = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: {
        firstname: "Mira",
        lastname: "Member",
        profile: { newsletterStatus: "subscribed", deliveryOptIn: false, deliveryAddress: noAddress },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile).toMatchObject({ deliveryOptIn: false, deliveryAddress: null });
  });

  it("clearing an existing address stores none, for the member and on the admin's Account tab", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const cookie = await logIn(member.email);
    const set = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { profile: { deliveryAddress: anAddress } },
    });
    expect(set.json().profile.deliveryAddress).toEqual(anAddress);
    const cleared = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { profile: { deliveryOptIn: false, deliveryAddress: noAddress } },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().profile.deliveryAddress).toBeNull();

    await call(t.app, "PATCH", `/contact/${member.id}`, {
      cookie: adminCookie,
      body: { profile: { deliveryAddress: anAddress } },
    });
    const byAdmin = await call(t.app, "PATCH", `/contact/${member.id}`, {
      cookie: adminCookie,
      body: {
        email: member.email,
        firstname: "Mira",
        lastname: "Member",
        profile: { telephone: "", newsletterStatus: "none", deliveryOptIn: false, deliveryAddress: noAddress },
      },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const read = await call(t.app, "GET", `/contact/${member.id}?with=profile`, { cookie: adminCookie });
    expect(read.json().profile.deliveryAddress).toBeNull();
  });

  it("still needs line 1, city and postcode once any part is filled in, or with delivery opted into", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const cookie = await logIn(member.email);
    const started = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { profile: { deliveryAddress: { ...noAddress, line2: "Flat 2" } } },
    });
    expect(started.statusCode).toBe(400);
    const properties = (response: typeof started) =>
      response.json<{ errors: { property: string }[] }>().errors.map((error) => error.property);
    expect(properties(started)).toEqual([
      "profile.deliveryAddress.line1",
      "profile.deliveryAddress.city",
      "profile.deliveryAddress.postcode",
    ]);
    const optedIn = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { profile: { deliveryOptIn: true, deliveryAddress: noAddress } },
    });
    expect(optedIn.statusCode).toBe(400);
    expect(properties(optedIn)).toContain("profile.deliveryAddress.line1");
  });
});

describe("repeated slashes", () => {
  it("merges them in the path only", () => {
    expect(mergeSlashes("/api/1.0//contact-tags")).toBe("/api/1.0/contact-tags");
    expect(mergeSlashes("///api//1.0///callout/x//tags?next=https://a//b")).toBe(
      "/api/1.0/callout/x/tags?next=https://a//b",
    );
    expect(mergeSlashes("/contact?x=//")).toBe("/contact?x=//");
  });

  it("the tag pages' calls reach their routes", async () => {
    const created = await call(t.app, "POST", "//contact-tags", { cookie: adminCookie, body: { name: "Volunteers" } });
    expect(created.statusCode, created.body).toBe(200);
    const listed = await call(t.app, "GET", "//contact-tags", { cookie: adminCookie });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual(expect.arrayContaining([expect.objectContaining({ name: "Volunteers" })]));
    const callout = await makeCallout(t.database.db, t.clock);
    const tags = await call(t.app, "GET", `//callout/${callout.id}/tags`, { cookie: adminCookie });
    expect(tags.statusCode, tags.body).toBe(200);
    expect(tags.json()).toEqual([]);
  });

  it("every route keeps its access rule with doubled slashes", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const memberCookie = await logIn(member.email);
    const concrete = (url: string) => url.replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000");
    const doubled = (url: string) =>
      concrete(url)
        .replace(/^\/api\/1\.0/, "")
        .replaceAll("/", "//");
    const guarded = t.app.routeAccess.filter((route) => route.url.startsWith("/api/1.0/") && route.access !== "public");
    expect(guarded.length).toBeGreaterThan(20);
    for (const route of guarded) {
      const method = route.method as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const label = `${method} ${doubled(route.url)}`;
      const asGuest = await call(t.app, method, doubled(route.url), { body });
      const isAdminRoute = route.access === "admin" || route.access === "superadmin";
      expect(asGuest.statusCode, label).toBe(isAdminRoute ? 403 : 401);
      if (isAdminRoute) {
        const asMember = await call(t.app, method, doubled(route.url), { cookie: memberCookie, body });
        expect(asMember.statusCode, label).toBe(403);
      }
    }
  });
});

describe("saving an email template", () => {
  it("accepts the read-only fields that GET answered, and ignores them", async () => {
    const read = await call(t.app, "GET", "/email/welcome?locale=en", { cookie: adminCookie });
    expect(read.json()).toMatchObject({ id: "welcome", locale: "en", isDefault: true });
    const saved = await call(t.app, "PUT", "/email/welcome?locale=en", {
      cookie: adminCookie,
      body: {
        ...read.json<Record<string, unknown>>(),
        subject: "Welcome to *|ORGNAME|*",
        isDefault: true,
        locale: "de",
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      id: "welcome",
      locale: "en",
      subject: "Welcome to *|ORGNAME|*",
      isDefault: false,
    });
    const german = await call(t.app, "GET", "/email/welcome?locale=de", { cookie: adminCookie });
    expect(german.json().isDefault).toBe(true);
  });

  it("still refuses any other field", async () => {
    const refused = await call(t.app, "PUT", "/email/welcome", {
      cookie: adminCookie,
      body: { subject: "Hi", body: "Hello", template: "x" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("invalid-request");
  });
});

describe("the theme's preset name", () => {
  it("is kept and answered back", async () => {
    const theme = {
      colors: { primary: "#123456", link: "#0f8a8a", _name: "Ocean" },
      fonts: { body: "open-sans", title: "roboto" },
    };
    const saved = await call(t.app, "PATCH", "/content/general", { cookie: adminCookie, body: { theme } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().theme).toEqual(theme);
    expect((await call(t.app, "GET", "/content/general")).json().theme.colors).toMatchObject({ _name: "Ocean" });
  });

  it("has a maximum length, and colours are still checked", async () => {
    const long = await call(t.app, "PATCH", "/content/general", {
      cookie: adminCookie,
      body: { theme: { colors: { _name: "x".repeat(101) } } },
    });
    expect(long.statusCode).toBe(400);
    const unknown = await call(t.app, "PATCH", "/content/general", {
      cookie: adminCookie,
      body: { theme: { colors: { _name: "Ocean", sky: "#ffffff" } } },
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe("the email settings' footer", () => {
  it("is the footer the emails carry, made from the organisation's settings", async () => {
    await updateGeneralContent(t.ctx, { organisationName: "Harbour <News>", supportEmail: "desk@harbour.example" });
    const read = await call(t.app, "GET", "/content/email");
    expect(read.statusCode).toBe(200);
    const { footer } = read.json<{ footer: string }>();
    expect(footer).toContain("Harbour &lt;News&gt;");
    expect(footer).toContain(`href="${t.config.appUrl}"`);
    expect(footer).toContain('href="mailto:desk@harbour.example"');
    const { id } = await sendEmail(t.ctx, { templateId: "welcome", to: { email: "reader@example.org" }, locale: "en" });
    const [email] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(email?.htmlBody).toContain(footer);
    await updateGeneralContent(t.ctx, { organisationName: "Cohort", supportEmail: "" });
  });
});

describe("/favicon.png", () => {
  const favicon = () => t.app.inject({ method: "GET", url: "/favicon.png" });

  it("is Cohort's own icon when no logo is uploaded, cached for a day", async () => {
    const response = await favicon();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["cache-control"]).toBe("public, max-age=86400");
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: "png", width: 64, height: 64 });
  });

  it("is the organisation's uploaded logo, made small and cached for an hour", async () => {
    const logoUrl = await uploadFile(t.app, await pngImage(600, 400), "logo.png");
    await updateGeneralContent(t.ctx, { logoUrl });
    const response = await favicon();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    const size = await sharp(response.rawPayload).metadata();
    expect(Math.max(size.width ?? 0, size.height ?? 0)).toBeLessThanOrEqual(100);
    // A logo elsewhere is not fetched: Cohort's own icon stands in.
    await updateGeneralContent(t.ctx, { logoUrl: "https://elsewhere.example/logo.png" });
    expect((await favicon()).headers["cache-control"]).toBe("public, max-age=86400");
    await updateGeneralContent(t.ctx, { logoUrl: "" });
  });
});

describe("POST /upload", () => {
  it("answers the token as `id` and as `token`", async () => {
    const response = await call(t.app, "POST", "/upload", { remoteAddress: "203.0.113.250" });
    expect(response.statusCode).toBe(200);
    const { id, token } = response.json<{ id: string; token: string }>();
    expect(token).toBe(id);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
