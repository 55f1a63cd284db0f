import type { GeocodeFeature } from "@cohort/common/geocoding";
import type { GeocodeReverse, GeocodeSearch, GeocodingProvider } from "./provider.js";
import { GeocoderUnreachable, fetchProviderJson } from "./provider.js";
import type { OutgoingFetch } from "../../lib/outgoing.js";

interface PhotonProperties {
  osm_type?: unknown;
  osm_id?: unknown;
  osm_key?: unknown;
  type?: unknown;
  name?: unknown;
  housenumber?: unknown;
  street?: unknown;
  postcode?: unknown;
  city?: unknown;
  district?: unknown;
  county?: unknown;
  state?: unknown;
  country?: unknown;
  countrycode?: unknown;
}

interface PhotonFeature {
  geometry?: { coordinates?: unknown };
  properties?: PhotonProperties;
}

/** Photon's place kinds (its `type`, or `osm_key` for points of interest) in MapTiler's names. */
const PLACE_TYPES: Record<string, string> = {
  house: "address",
  street: "street",
  locality: "locality",
  district: "neighbourhood",
  city: "municipality",
  county: "county",
  state: "region",
  country: "country",
  other: "poi",
};

/** Languages Photon's public builds know; others fall back to the local names. */
const PHOTON_LANGUAGES = new Set(["de", "en", "fr", "it"]);

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

function normalise(feature: PhotonFeature): GeocodeFeature | null {
  const coordinates = feature.geometry?.coordinates;
  const props = feature.properties ?? {};
  if (!Array.isArray(coordinates) || typeof coordinates[0] !== "number" || typeof coordinates[1] !== "number") {
    return null;
  }
  const kind = text(props.type) ?? "other";
  const placeType = PLACE_TYPES[kind] ?? kind;
  const houseNumber = text(props.housenumber);
  const street = text(props.street);
  const name = text(props.name);
  // An address's own name is its street, as with MapTiler; a named building keeps its name.
  const ownText = placeType === "address" ? (street ?? name) : (name ?? street);
  if (!ownText) return null;
  const streetLine = street ? [street, houseNumber].filter(Boolean).join(" ") : undefined;
  const cityLine = [text(props.postcode), text(props.city)].filter(Boolean).join(" ") || undefined;
  const parts = [
    name !== street ? name : undefined,
    streetLine,
    cityLine !== name ? cityLine : undefined,
    text(props.state),
    text(props.country),
  ].filter((part): part is string => part !== undefined);
  const placeName = [...new Set(parts)].join(", ") || ownText;
  const osmId = typeof props.osm_id === "number" || typeof props.osm_id === "string" ? String(props.osm_id) : "";
  return {
    id: `osm:${text(props.osm_type) ?? "X"}:${osmId || `${coordinates[0]},${coordinates[1]}`}`,
    text: ownText,
    placeName,
    placeType: [placeType],
    center: [coordinates[0], coordinates[1]],
    ...(houseNumber ? { houseNumber } : {}),
  };
}

function featuresOf(body: unknown, countries: string[]): GeocodeFeature[] {
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) throw new GeocoderUnreachable("Photon", "answer has no features");
  return features.flatMap((feature: PhotonFeature) => {
    const code = text(feature.properties?.countrycode)?.toLowerCase();
    if (countries.length > 0 && (!code || !countries.includes(code))) return [];
    return normalise(feature) ?? [];
  });
}

/**
 * A Photon service (`/api?q=` and `/reverse?lon=&lat=`, GeoJSON answers) at
 * the organisation's address; Photon can run on the organisation's own
 * server from an OpenStreetMap extract. Photon has no country filter, so
 * more places are asked for and those outside the countries dropped.
 */
export class PhotonGeocoder implements GeocodingProvider {
  readonly name = "Photon";

  constructor(
    private readonly baseUrl: string,
    private readonly fetch: OutgoingFetch,
  ) {}

  private url(path: string, params: Record<string, string | undefined>): URL {
    const url = new URL(path, `${this.baseUrl.replace(/\/$/, "")}/`);
    for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
    return url;
  }

  private lang(language: string | undefined): string | undefined {
    return language && PHOTON_LANGUAGES.has(language) ? language : undefined;
  }

  async search({ query, countries, language, limit }: GeocodeSearch): Promise<GeocodeFeature[]> {
    const asked = countries.length > 0 ? Math.min(limit * 4, 50) : limit;
    const url = this.url("api", { q: query, lang: this.lang(language), limit: String(asked) });
    return featuresOf(await fetchProviderJson(this.fetch, this.name, url), countries).slice(0, limit);
  }

  async reverse({ lng, lat, language }: GeocodeReverse): Promise<GeocodeFeature[]> {
    const url = this.url("reverse", { lon: String(lng), lat: String(lat), lang: this.lang(language), limit: "5" });
    return featuresOf(await fetchProviderJson(this.fetch, this.name, url), []);
  }
}
