import { queryOptions } from "@tanstack/react-query";
import type { AddressAnswer } from "@cohort/common/callout-form";
import type { CalloutMap, MapResponse } from "@cohort/common/callouts";
import type { GeocodeFeature, MapConfig } from "@cohort/common/geocoding";
import { GEOCODE_REVERSE_PATH, GEOCODE_SEARCH_PATH, MAP_CONFIG_PATH, WORLD_VIEW } from "@cohort/common/geocoding";
import { apiRead } from "../../../api/client";
import { isRecord, UnexpectedAnswerError } from "../../../api/read-body";

/*
 * The calls of the map page and the address picker, checked by hand like the
 * other public calls (no zod on public pages, decision 008).
 */

export const mapKeys = {
  config: ["map", "config"] as const,
  responses: (slug: string) => ["map", "responses", slug] as const,
};

function readConfig(body: unknown): MapConfig {
  if (!isRecord(body) || !isRecord(body.geocoding) || !isRecord(body.basemap)) {
    throw new UnexpectedAnswerError("map config");
  }
  const styleUrl = body.basemap.styleUrl;
  const view = isRecord(body.view) ? body.view : {};
  const zoom = typeof view.zoom === "number" ? view.zoom : WORLD_VIEW.zoom;
  return {
    geocoding: { available: body.geocoding.available === true },
    basemap: { available: body.basemap.available === true, styleUrl: typeof styleUrl === "string" ? styleUrl : null },
    view: { center: isLngLat(view.center) ? view.center : WORLD_VIEW.center, zoom },
  };
}

/** What the map pages may use: the geocoder, the organisation's basemap and where its maps start. */
export function mapConfigQueryOptions() {
  return queryOptions({
    queryKey: mapKeys.config,
    queryFn: ({ signal }) => apiRead(MAP_CONFIG_PATH, readConfig, { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * The style a callout's maps use: the callout's own, else the organisation's basemap; null when
 * there is neither, and then nothing offers a map (a link to one would open only an apology).
 */
export function mapStyleUrl(settings: CalloutMap | null | undefined, config: MapConfig | undefined): string | null {
  return settings?.style || config?.basemap.styleUrl || null;
}

function isLngLat(value: unknown): value is [number, number] {
  return Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === "number");
}

function readFeatures(body: unknown): GeocodeFeature[] {
  if (!isRecord(body) || !Array.isArray(body.features)) throw new UnexpectedAnswerError("places");
  return body.features.filter(
    (feature): feature is GeocodeFeature =>
      isRecord(feature) &&
      typeof feature.text === "string" &&
      typeof feature.placeName === "string" &&
      Array.isArray(feature.placeType) &&
      isLngLat(feature.center),
  );
}

/** Places matching a text, in the callout's countries (`de,gb`) when it names any. */
export function searchPlaces(
  query: string,
  options: { countries?: string | undefined; language?: string; signal?: AbortSignal },
): Promise<GeocodeFeature[]> {
  const countries = options.countries?.trim() || undefined;
  return apiRead(GEOCODE_SEARCH_PATH, readFeatures, {
    signal: options.signal,
    query: { query, countries, language: options.language },
  });
}

/** The places at a point, most precise first. */
export function placesAt(point: { lng: number; lat: number }, language?: string): Promise<GeocodeFeature[]> {
  return apiRead(GEOCODE_REVERSE_PATH, readFeatures, { query: { lng: point.lng, lat: point.lat, language } });
}

/** A response of the public feed with the point of its address, if it has one. */
export interface LocatedResponse extends MapResponse {
  point: [number, number] | undefined;
}

/** The point of an address answer (or of the first of several), when it has a valid one. */
export function answerPoint(address: unknown): [number, number] | undefined {
  const answer = (Array.isArray(address) ? address[0] : address) as Partial<AddressAnswer> | undefined;
  const location = isRecord(answer) && isRecord(answer.geometry) ? answer.geometry.location : undefined;
  if (!isRecord(location)) return undefined;
  const { lng, lat } = location;
  return typeof lng === "number" && typeof lat === "number" && Number.isFinite(lng) && Number.isFinite(lat)
    ? [lng, lat]
    : undefined;
}

function readFeedPage(body: unknown): { items: LocatedResponse[]; total: number; offset: number } {
  if (!isRecord(body) || !Array.isArray(body.items) || typeof body.total !== "number") {
    throw new UnexpectedAnswerError("map responses");
  }
  const items = body.items
    .filter((item): item is MapResponse => isRecord(item) && typeof item.number === "number" && isRecord(item.answers))
    .map((item) => ({
      ...item,
      title: typeof item.title === "string" ? item.title : "",
      photos: Array.isArray(item.photos) ? item.photos : [],
      point: answerPoint(item.address),
    }));
  return { items, total: body.total, offset: Number(body.offset) || 0 };
}

/** Every public response of the callout, as the map and the gallery show them. */
export function mapResponsesQueryOptions(slug: string) {
  return queryOptions({
    queryKey: mapKeys.responses(slug),
    queryFn: ({ signal }) => fetchMapResponses(slug, signal),
  });
}

/** Every public response of the callout, page after page while the server pages them. */
async function fetchMapResponses(slug: string, signal?: AbortSignal): Promise<LocatedResponse[]> {
  const all: LocatedResponse[] = [];
  for (;;) {
    const page = await apiRead(`/callout/${encodeURIComponent(slug)}/responses/map`, readFeedPage, {
      signal,
      query: all.length > 0 ? { offset: all.length } : {},
    });
    // A server that does not page answers the first page again: stop there.
    if (page.offset !== all.length) break;
    all.push(...page.items);
    if (page.items.length === 0 || all.length >= page.total) break;
  }
  return all;
}
