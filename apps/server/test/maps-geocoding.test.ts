import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GEOCODE_LIMITS } from "../src/http/rate-limits.js";
import { startMapTilerStandIn, startPhotonStandIn, type GeocoderStandIn } from "@cohort/stand-ins/geocoders";
import { updateMapSettings } from "../src/modules/maps/settings.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

describe("address search through MapTiler", () => {
  const key = "maptiler-test-key";
  let t: TestApp;
  let mapTiler: GeocoderStandIn;
  beforeAll(async () => {
    mapTiler = await startMapTilerStandIn(key);
    t = await createTestApp({ MAPTILER_KEY: key, MAPTILER_API_URL: mapTiler.url, OUTGOING_ALLOW: "127.0.0.1" });
  });
  afterAll(async () => {
    await t.close();
    await mapTiler.close();
  });

  it("finds places in the callout's countries, in Cohort's shape, without a login", async () => {
    const response = await call(t.app, "GET", "/geocode/search?query=berlin&countries=DE,gb&language=de-DE&limit=2");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      features: [
        {
          id: "address.4021",
          text: "Hauptstraße",
          placeName: "Hauptstraße 5, 10827 Berlin, Germany",
          placeType: ["address"],
          center: [13.3541, 52.4863],
          houseNumber: "5",
        },
        {
          id: "postal_code.77",
          text: "10827",
          placeName: "10827 Berlin, Germany",
          placeType: ["postal_code"],
          center: [13.35, 52.485],
        },
      ],
    });
    const sent = mapTiler.requests.at(-1)!;
    expect(sent.pathname).toBe("/geocoding/berlin.json");
    expect(Object.fromEntries(sent.searchParams)).toEqual({ key, country: "de,gb", language: "de", limit: "2" });
  });

  it("limits a search to the countries asked for", async () => {
    const response = await call(t.app, "GET", "/geocode/search?query=london&countries=de");
    expect(response.json()).toEqual({ features: [] });
  });

  it("reverse-geocodes a point to the place types a map click uses, most precise first", async () => {
    const response = await call(t.app, "GET", "/geocode/reverse?lng=13.3541&lat=52.4863&language=en");
    expect(response.statusCode).toBe(200);
    const features = response.json<{ features: { placeType: string[]; text: string }[] }>().features;
    expect(features.map((feature) => feature.placeType[0])).toEqual(["address", "postal_code", "municipality"]);
    const sent = mapTiler.requests.at(-1)!;
    expect(sent.pathname).toBe("/geocoding/13.3541,52.4863.json");
    expect(sent.searchParams.get("types")).toBe("address,postal_code,municipality,county,region");
  });

  it("refuses bad input before calling the provider", async () => {
    const before = mapTiler.requests.length;
    for (const path of [
      "/geocode/search?query=",
      "/geocode/search?query=x&countries=deu",
      "/geocode/search?query=x&limit=50",
      `/geocode/search?query=${"x".repeat(201)}`,
      `/geocode/search?query=x&countries=${Array(70).fill("de").join(",")}`,
      "/geocode/search?query=x&language=not a language",
      "/geocode/reverse?lng=200&lat=1",
      "/geocode/reverse?lat=1",
    ]) {
      const response = await call(t.app, "GET", path);
      expect(response.statusCode, path).toBe(400);
    }
    expect(mapTiler.requests.length).toBe(before);
  });

  it("answers 503 geocoding-unavailable when the provider fails", async () => {
    mapTiler.failWith = 500;
    try {
      const response = await call(t.app, "GET", "/geocode/search?query=berlin");
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: "geocoding-unavailable", httpCode: 503 });
    } finally {
      mapTiler.failWith = null;
    }
  });

  it("says in the public map settings that search is available", async () => {
    const response = await call(t.app, "GET", "/map/config");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ geocoding: { available: true } });
  });

  it("limits searches per client address", async () => {
    const client = "198.51.100.77";
    for (let i = 0; i < GEOCODE_LIMITS.max; i++) {
      const response = await call(t.app, "GET", `/geocode/search?query=b${i}`, { remoteAddress: client });
      expect(response.statusCode).toBe(200);
    }
    const refused = await call(t.app, "GET", "/geocode/reverse?lng=1&lat=2", { remoteAddress: client });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "too-many-requests" });
    const other = await call(t.app, "GET", "/geocode/search?query=berlin", { remoteAddress: "198.51.100.78" });
    expect(other.statusCode).toBe(200);
  });
});

describe("address search through a Photon service", () => {
  let t: TestApp;
  let photon: GeocoderStandIn;
  beforeAll(async () => {
    photon = await startPhotonStandIn();
    t = await createTestApp({ PHOTON_URL: `${photon.url}/`, MAPTILER_KEY: "unused", OUTGOING_ALLOW: "127.0.0.1" });
  });
  afterAll(async () => {
    await t.close();
    await photon.close();
  });

  it("finds places and drops those outside the countries asked for", async () => {
    const response = await call(t.app, "GET", "/geocode/search?query=berlin&countries=de&language=de&limit=3");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      features: [
        {
          id: "osm:N:1001",
          text: "Hauptstraße",
          placeName: "Hauptstraße 5, 10827 Berlin, Berlin, Deutschland",
          placeType: ["address"],
          center: [13.3541, 52.4863],
          houseNumber: "5",
        },
        {
          id: "osm:R:62422",
          text: "Berlin",
          placeName: "Berlin, Deutschland",
          placeType: ["municipality"],
          center: [13.4, 52.52],
        },
      ],
    });
    const sent = photon.requests.at(-1)!;
    expect(sent.pathname).toBe("/api");
    expect(sent.searchParams.get("q")).toBe("berlin");
    expect(sent.searchParams.get("lang")).toBe("de");
    const london = await call(t.app, "GET", "/geocode/search?query=london&countries=de,nl");
    expect(london.json()).toEqual({ features: [] });
  });

  it("reverse-geocodes a point with lon and lat", async () => {
    const response = await call(t.app, "GET", "/geocode/reverse?lng=13.3541&lat=52.4863&language=ru");
    expect(response.json<{ features: { text: string }[] }>().features.map((f) => f.text)).toEqual(["Hauptstraße"]);
    const sent = photon.requests.at(-1)!;
    expect(sent.pathname).toBe("/reverse");
    expect(sent.searchParams.get("lon")).toBe("13.3541");
    expect(sent.searchParams.get("lat")).toBe("52.4863");
    expect(sent.searchParams.has("lang")).toBe(false);
  });

  it("answers 503 when the service cannot be reached", async () => {
    const down = await createTestApp({ PHOTON_URL: "http://127.0.0.1:9/", OUTGOING_ALLOW: "127.0.0.1" });
    try {
      const response = await call(down.app, "GET", "/geocode/search?query=berlin");
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: "geocoding-unavailable" });
    } finally {
      await down.close();
    }
  });
});

describe("with address search turned off in Settings → Maps", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await updateMapSettings(t.ctx, { geocoder: "off" }, "");
  });
  afterAll(() => t.close());

  it("answers 404 geocoding-unavailable and says so in the map settings", async () => {
    for (const path of ["/geocode/search?query=berlin", "/geocode/reverse?lng=1&lat=2"]) {
      const response = await call(t.app, "GET", path);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "geocoding-unavailable", name: expect.any(String) });
    }
    expect((await call(t.app, "GET", "/map/config")).json()).toMatchObject({ geocoding: { available: false } });
  });
});
