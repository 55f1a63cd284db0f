import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateCallout } from "@cohort/common/callouts";
import {
  anonymousCalloutSettings,
  defaultCalloutForm,
  loginAs,
  makeCallout,
  publicResponseView,
} from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

/*
 * Settings → Maps (decision 057). The server is set up with a PMTiles file that is not in
 * storage: a fresh install whose operator named a file it never uploaded, so the maps have no
 * basemap until an admin chooses one.
 */
let t: TestApp;
let webDir: string;
let adminCookie: string;
let memberCookie: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), "cohort-web-"));
  writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Cohort</title><div id=root></div>");
  t = await createTestApp({ WEB_DIST_DIR: webDir, BASEMAP_PMTILES: "maps/never-uploaded.pmtiles" });
  adminCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] }));
  memberCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["member"] }));
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const asAdmin = (method: "GET" | "PATCH" | "POST", url: string, body?: unknown) =>
  call(t.app, method, url, { cookie: adminCookie, body });

function connectSrc(response: LightMyRequestResponse): string[] {
  const header = String(response.headers["content-security-policy"]);
  const found = header
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === "connect-src");
  return found?.slice(1) ?? [];
}

const page = (url: string) => t.app.inject({ method: "GET", url });

const withMap = (style = ""): CreateCallout => ({
  ...anonymousCalloutSettings,
  slug: `map-${Math.random().toString(36).slice(2, 8)}`,
  formSchema: defaultCalloutForm(),
  responseViewSchema: (() => {
    const view = publicResponseView({ titleProp: "", imageProp: "", addressProp: "" });
    return { ...view, map: view.map && { ...view.map, style } };
  })(),
  variants: {
    default: {
      title: "Floods",
      excerpt: "",
      intro: "",
      thanksTitle: "Thanks",
      thanksText: "",
      slideNavigation: {},
      componentText: {},
    },
  },
});

describe("Settings → Maps", () => {
  it("is read and changed by admins only", async () => {
    expect((await call(t.app, "GET", "/map/settings")).statusCode).toBe(403);
    expect((await call(t.app, "PATCH", "/map/settings", { body: { zoom: 3 } })).statusCode).toBe(403);
    expect((await call(t.app, "GET", "/map/settings", { cookie: memberCookie })).statusCode).toBe(403);
    const refused = await call(t.app, "PATCH", "/map/settings", { cookie: memberCookie, body: { zoom: 3 } });
    expect(refused.statusCode).toBe(403);
    const read = await asAdmin("GET", "/map/settings");
    expect(read.statusCode).toBe(200);
    expect(read.headers["cache-control"]).toBe("no-store");
  });

  it("starts from the operator's file, which is missing: no basemap, the public Photon for search", async () => {
    expect((await asAdmin("GET", "/map/settings")).json()).toMatchObject({
      basemap: "pmtiles",
      basemapAvailable: false,
      pmtilesSize: null,
      geocoder: "photon-public",
      center: [0, 20],
      zoom: 1,
    });
    expect((await call(t.app, "GET", "/map/config")).json()).toMatchObject({
      basemap: { available: false, styleUrl: null },
      geocoding: { available: true },
    });
  });

  it("refuses to switch a callout's map on while there is no basemap, with its own code", async () => {
    const created = await asAdmin("POST", "/callout", withMap());
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      code: "map-basemap-missing",
      errors: [{ property: "responseViewSchema.map" }],
    });

    const callout = await makeCallout(t.database.db, t.clock, { responseViewSchema: null });
    const turnedOn = await asAdmin("PATCH", `/callout/${callout.id}`, {
      responseViewSchema: withMap().responseViewSchema,
    });
    expect(turnedOn.statusCode).toBe(400);
    expect(turnedOn.json()).toMatchObject({ code: "map-basemap-missing" });

    // A callout that brings its own style needs no basemap of the organisation's.
    const ownStyle = await asAdmin("POST", "/callout", withMap("https://tiles.example.org/style.json"));
    expect(ownStyle.statusCode).toBe(200);
  });

  it("keeps a map that is already on editable when the basemap goes", async () => {
    // A draft: what a published callout's display settings need is another rule's business.
    const callout = await makeCallout(t.database.db, t.clock, {
      starts: null,
      responseViewSchema: withMap().responseViewSchema ?? null,
    });
    const edited = await asAdmin("PATCH", `/callout/${callout.id}`, {
      responseViewSchema: withMap().responseViewSchema,
    });
    expect(edited.statusCode).toBe(200);
  });

  it("refuses choices that lack their key, file or address, and malformed values, with field errors", async () => {
    const cases: [unknown, string][] = [
      [{ basemap: "maptiler" }, "maptilerKey"],
      [{ basemap: "stadia" }, "stadiaKey"],
      [{ geocoder: "maptiler" }, "maptilerKey"],
      [{ geocoder: "photon" }, "photonUrl"],
      [{ geocoder: "photon", photonUrl: "javascript:alert(1)" }, "photonUrl"],
      [{ geocoder: "photon", photonUrl: "http://10.1.2.3/" }, "photonUrl"],
      [{ maptilerKey: "a key with spaces" }, "maptilerKey"],
      [{ maptilerKey: "k".repeat(201) }, "maptilerKey"],
      [{ zoom: 21 }, "zoom"],
      [{ center: [181, 0] }, "center"],
      [{ basemap: "google" }, "basemap"],
    ];
    for (const [body, field] of cases) {
      const response = await asAdmin("PATCH", "/map/settings", body);
      expect(response.statusCode, `${JSON.stringify(body)} ${response.body}`).toBe(400);
      const error = response.json<{ code: string; errors: { property: string }[] }>();
      expect(error.code, JSON.stringify(body)).toBe("invalid-request");
      expect(error.errors[0]?.property, JSON.stringify(body)).toMatch(new RegExp(`^${field}`));
    }
    expect((await asAdmin("PATCH", "/map/settings", { unknown: 1 })).statusCode).toBe(400);
    expect((await asAdmin("GET", "/map/settings")).json()).toMatchObject({
      basemap: "pmtiles",
      geocoder: "photon-public",
    });
  });

  it("never sends a stored key back, and says only that it is set", async () => {
    const key = "SecretMapKey123";
    const saved = await asAdmin("PATCH", "/map/settings", { maptilerKey: key, stadiaKey: `${key}-stadia` });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(key);
    const read = await asAdmin("GET", "/map/settings");
    expect(read.body).not.toContain(key);
    expect(read.json()).toMatchObject({ maptilerKeySet: true, stadiaKeySet: true });
    // Choosing the provider later needs no key in the same change: the stored one counts.
    expect((await asAdmin("PATCH", "/map/settings", { geocoder: "maptiler" })).statusCode).toBe(200);
    expect((await asAdmin("PATCH", "/map/settings", { geocoder: "photon-public" })).statusCode).toBe(200);
  });

  it("switches a callout's map on once a basemap is chosen, starting where the organisation's maps start", async () => {
    const saved = await asAdmin("PATCH", "/map/settings", { basemap: "openfreemap", center: [13.4, 52.5], zoom: 11 });
    expect(saved.json()).toMatchObject({ basemap: "openfreemap", basemapAvailable: true, center: [13.4, 52.5] });
    expect((await call(t.app, "GET", "/map/config")).json()).toEqual({
      basemap: { available: true, styleUrl: "https://tiles.openfreemap.org/styles/liberty" },
      geocoding: { available: true },
      view: { center: [13.4, 52.5], zoom: 11 },
    });
    expect((await asAdmin("POST", "/callout", withMap())).statusCode).toBe(200);
  });

  it("turns address search off, and then the search routes say it is not set up", async () => {
    expect((await asAdmin("PATCH", "/map/settings", { geocoder: "off" })).statusCode).toBe(200);
    expect((await call(t.app, "GET", "/map/config")).json()).toMatchObject({ geocoding: { available: false } });
    const search = await call(t.app, "GET", "/geocode/search?query=Berlin");
    expect(search.statusCode).toBe(404);
    expect(search.json()).toMatchObject({ code: "geocoding-unavailable" });
    await asAdmin("PATCH", "/map/settings", { geocoder: "photon-public" });
  });
});

describe("the pages' security policy follows the chosen basemap", () => {
  it("allows the chosen provider's host on every page, and no other map vendor", async () => {
    await asAdmin("PATCH", "/map/settings", { basemap: "openfreemap" });
    for (const url of ["/callouts/floods/map", "/"]) {
      const connect = connectSrc(await page(url));
      expect(connect, url).toContain("https://tiles.openfreemap.org");
      expect(connect, url).not.toContain("https://tiles.stadiamaps.com");
    }

    await asAdmin("PATCH", "/map/settings", { basemap: "stadia" });
    const stadia = connectSrc(await page("/callouts/floods/map"));
    expect(stadia).toContain("https://tiles.stadiamaps.com");
    expect(stadia).not.toContain("https://tiles.openfreemap.org");

    await asAdmin("PATCH", "/map/settings", { basemap: "maptiler" });
    expect(connectSrc(await page("/callouts/floods/map"))).toContain("https://api.maptiler.com");
    expect((await asAdmin("GET", "/map/settings")).json()).toMatchObject({ hosts: ["https://api.maptiler.com"] });
  });

  it("gives API answers no map hosts: they load nothing", async () => {
    const response = await call(t.app, "GET", "/map/config");
    expect(String(response.headers["content-security-policy"])).toMatch(/^default-src 'none'/);
  });
});
