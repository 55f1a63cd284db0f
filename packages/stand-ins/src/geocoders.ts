import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local stand-ins for the geocoding services Cohort can use, each speaking
 * its provider's protocol with a few fixed places in Berlin and London.
 */
export interface GeocoderStandIn {
  url: string;
  /** Every request seen, path and query. */
  requests: URL[];
  /** Answer every request with this status instead (e.g. 500), or null for normal answers. */
  failWith: number | null;
  close(): Promise<void>;
}

type Handler = (url: URL) => { status: number; body: unknown } | null;

async function serve(handler: Handler): Promise<GeocoderStandIn> {
  const standIn: GeocoderStandIn = { url: "", requests: [], failWith: null, close: async () => {} };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    standIn.requests.push(url);
    const answer = standIn.failWith ? { status: standIn.failWith, body: { error: "down" } } : handler(url);
    response.writeHead(answer?.status ?? 404, { "content-type": "application/json" });
    response.end(JSON.stringify(answer?.body ?? { message: "not found" }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = async () => {
    server.close();
    await once(server, "close");
  };
  return standIn;
}

const mapTilerPlaces = [
  {
    id: "address.4021",
    type: "Feature",
    text: "Hauptstraße",
    place_name: "Hauptstraße 5, 10827 Berlin, Germany",
    place_type: ["address"],
    center: [13.3541, 52.4863],
    geometry: { type: "Point", coordinates: [13.3541, 52.4863] },
    address: "5",
    properties: { country_code: "de" },
  },
  {
    id: "postal_code.77",
    type: "Feature",
    text: "10827",
    place_name: "10827 Berlin, Germany",
    place_type: ["postal_code"],
    center: [13.35, 52.485],
    properties: { country_code: "de" },
  },
  {
    id: "municipality.9",
    type: "Feature",
    text: "Berlin",
    place_name: "Berlin, Germany",
    place_type: ["municipality"],
    center: [13.4, 52.52],
    properties: { country_code: "de" },
  },
  {
    id: "municipality.12",
    type: "Feature",
    text: "London",
    place_name: "London, United Kingdom",
    place_type: ["municipality"],
    center: [-0.1276, 51.5072],
    properties: { country_code: "gb" },
  },
];

/** MapTiler's geocoding API: `/geocoding/{query}.json` and `/geocoding/{lng},{lat}.json`, with `key`. */
export function startMapTilerStandIn(key: string): Promise<GeocoderStandIn> {
  return serve((url) => {
    const match = /^\/geocoding\/(.+)\.json$/.exec(url.pathname);
    if (!match?.[1]) return null;
    if (url.searchParams.get("key") !== key) return { status: 403, body: { message: "Invalid key" } };
    const place = decodeURIComponent(match[1]);
    const countries = url.searchParams.get("country")?.split(",") ?? [];
    const types = url.searchParams.get("types")?.split(",") ?? [];
    const isPoint = /^-?[\d.]+,-?[\d.]+$/.test(place);
    const features = mapTilerPlaces.filter(
      (feature) =>
        (isPoint ? feature.center[0]! > 0 : feature.place_name.toLowerCase().includes(place.toLowerCase())) &&
        (countries.length === 0 || countries.includes(feature.properties.country_code)) &&
        (types.length === 0 || feature.place_type.some((type) => types.includes(type))),
    );
    const limit = Number(url.searchParams.get("limit") ?? 5);
    return { status: 200, body: { type: "FeatureCollection", features: features.slice(0, limit), query: [place] } };
  });
}

const photonPlaces = [
  {
    type: "Feature",
    geometry: { type: "Point", coordinates: [13.3541, 52.4863] },
    properties: {
      osm_type: "N",
      osm_id: 1001,
      osm_key: "place",
      osm_value: "house",
      type: "house",
      housenumber: "5",
      street: "Hauptstraße",
      postcode: "10827",
      city: "Berlin",
      state: "Berlin",
      country: "Deutschland",
      countrycode: "DE",
    },
  },
  {
    type: "Feature",
    geometry: { type: "Point", coordinates: [13.4, 52.52] },
    properties: {
      osm_type: "R",
      osm_id: 62422,
      osm_key: "place",
      osm_value: "city",
      type: "city",
      name: "Berlin",
      country: "Deutschland",
      countrycode: "DE",
    },
  },
  {
    type: "Feature",
    geometry: { type: "Point", coordinates: [-0.1276, 51.5072] },
    properties: {
      osm_type: "R",
      osm_id: 65606,
      osm_key: "place",
      osm_value: "city",
      type: "city",
      name: "London",
      state: "England",
      country: "United Kingdom",
      countrycode: "GB",
    },
  },
];

/** Photon: `/api?q=&limit=&lang=` and `/reverse?lon=&lat=`, GeoJSON answers. */
export function startPhotonStandIn(): Promise<GeocoderStandIn> {
  return serve((url) => {
    const limit = Number(url.searchParams.get("limit") ?? 15);
    if (url.pathname === "/api" || url.pathname === "/api/") {
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      if (!q) return { status: 400, body: { message: "missing search term 'q'" } };
      const features = photonPlaces.filter((feature) =>
        Object.values(feature.properties).some((value) => String(value).toLowerCase().includes(q)),
      );
      return { status: 200, body: { type: "FeatureCollection", features: features.slice(0, limit) } };
    }
    if (url.pathname === "/reverse" || url.pathname === "/reverse/") {
      const lon = Number(url.searchParams.get("lon"));
      const lat = Number(url.searchParams.get("lat"));
      if (!Number.isFinite(lon) || !Number.isFinite(lat)) return { status: 400, body: { message: "bad point" } };
      return { status: 200, body: { type: "FeatureCollection", features: photonPlaces.slice(0, Math.min(limit, 1)) } };
    }
    return null;
  });
}
