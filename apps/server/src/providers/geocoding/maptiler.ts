import type { GeocodeFeature } from "@cohort/common/geocoding";
import { REVERSE_GEOCODE_TYPES } from "@cohort/common/geocoding";
import type { GeocodeReverse, GeocodeSearch, GeocodingProvider } from "./provider.js";
import { GeocoderUnreachable, fetchProviderJson } from "./provider.js";
import type { OutgoingFetch } from "../../lib/outgoing.js";

interface MapTilerFeature {
  id?: unknown;
  text?: unknown;
  place_name?: unknown;
  place_type?: unknown;
  center?: unknown;
  address?: unknown;
}

const isNumberPair = (value: unknown): value is [number, number] =>
  Array.isArray(value) && value.length >= 2 && typeof value[0] === "number" && typeof value[1] === "number";

/** One MapTiler feature in Cohort's shape, or null when it lacks a name or a point. */
function normalise(feature: MapTilerFeature): GeocodeFeature | null {
  const { id, text, place_name: placeName, place_type: placeType, center, address } = feature;
  if (typeof text !== "string" || !isNumberPair(center)) return null;
  return {
    id: typeof id === "string" ? id : typeof id === "number" ? String(id) : text,
    text,
    placeName: typeof placeName === "string" ? placeName : text,
    placeType: Array.isArray(placeType) ? placeType.filter((type): type is string => typeof type === "string") : [],
    center: [center[0], center[1]],
    ...(typeof address === "string" && address !== "" ? { houseNumber: address } : {}),
  };
}

function featuresOf(body: unknown): GeocodeFeature[] {
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) throw new GeocoderUnreachable("MapTiler", "answer has no features");
  return features.flatMap((feature: MapTilerFeature) => normalise(feature) ?? []);
}

/**
 * MapTiler's geocoding API (`/geocoding/{query}.json` and
 * `/geocoding/{lng},{lat}.json`), called with the organisation's key from the
 * server, so readers' addresses never reach MapTiler.
 */
export class MapTilerGeocoder implements GeocodingProvider {
  readonly name = "MapTiler";

  constructor(
    private readonly key: string,
    private readonly fetch: OutgoingFetch,
    private readonly apiUrl = "https://api.maptiler.com",
  ) {}

  /** `place` is the encoded path segment: the search text, or `lng,lat`. */
  private url(place: string, params: Record<string, string | undefined>): URL {
    const url = new URL(`geocoding/${place}.json`, `${this.apiUrl.replace(/\/$/, "")}/`);
    url.searchParams.set("key", this.key);
    for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
    return url;
  }

  async search({ query, countries, language, limit }: GeocodeSearch): Promise<GeocodeFeature[]> {
    const url = this.url(encodeURIComponent(query), {
      country: countries.join(",") || undefined,
      language,
      limit: String(limit),
    });
    return featuresOf(await fetchProviderJson(this.fetch, this.name, url));
  }

  async reverse({ lng, lat, language }: GeocodeReverse): Promise<GeocodeFeature[]> {
    const url = this.url(`${lng},${lat}`, { language, types: REVERSE_GEOCODE_TYPES.join(",") });
    return featuresOf(await fetchProviderJson(this.fetch, this.name, url));
  }
}
