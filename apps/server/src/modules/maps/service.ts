import type { Readable } from "node:stream";
import type { GeocodeResult, MapConfig, MapSettings, UpdateMapSettings } from "@cohort/common/geocoding";
import type { GeocodeReverseQuery, GeocodeSearchQuery } from "@cohort/common/geocoding";
import { API_PREFIX } from "@cohort/common/http";
import { BASEMAP_STYLE_PATH, BASEMAP_TILES_PATH } from "@cohort/common/geocoding";
import type { AppContext } from "../../context.js";
import { AppError, notFound } from "../../http/errors.js";
import { outgoingFor } from "../../lib/outgoing.js";
import {
  createGeocodingProvider,
  GeocoderUnreachable,
  type GeocodingProvider,
} from "../../providers/geocoding/index.js";
import { basemapStyle } from "./basemap-style.js";
import {
  basemapFileOf,
  basemapStyleUrl,
  geocoderChoice,
  presentMapSettings,
  storedMapSettings,
  updateMapSettings,
  type StoredMapSettings,
} from "./settings.js";

/**
 * The address search the organisation chose (decision 057), or null. Its
 * requests go through the guarded client of decision 054.
 */
async function geocoderOf(ctx: AppContext): Promise<GeocodingProvider | null> {
  const choice = geocoderChoice(ctx, await storedMapSettings(ctx));
  if (!choice) return null;
  const fetch = outgoingFor(ctx.config.outgoingAllow).fetch;
  return choice.kind === "photon"
    ? createGeocodingProvider({ photonUrl: choice.url }, fetch)
    : createGeocodingProvider({ maptilerKey: choice.key, maptilerApiUrl: choice.apiUrl }, fetch);
}

/**
 * A server without a geocoder has no address search (404, like any feature that is not there);
 * one whose geocoder fails is unavailable for now (503). Both carry the same code for the page.
 */
const unavailable = (message: string, status: 404 | 503 = 503) =>
  new AppError("geocoding-unavailable", { status, message });

async function geocode(
  ctx: AppContext,
  run: (provider: GeocodingProvider) => Promise<GeocodeResult["features"]>,
): Promise<GeocodeResult> {
  const provider = await geocoderOf(ctx);
  if (!provider) throw unavailable("Address search is not set up on this server.", 404);
  try {
    return { features: await run(provider) };
  } catch (error) {
    if (!(error instanceof GeocoderUnreachable)) throw error;
    ctx.log.warn({ err: error }, "geocoder unreachable");
    throw unavailable("Address search is not available right now.");
  }
}

export function searchPlaces(ctx: AppContext, query: GeocodeSearchQuery): Promise<GeocodeResult> {
  return geocode(ctx, (provider) =>
    provider.search({
      query: query.query,
      countries: query.countries ?? [],
      language: query.language,
      limit: query.limit,
    }),
  );
}

export function reversePlaces(ctx: AppContext, query: GeocodeReverseQuery): Promise<GeocodeResult> {
  return geocode(ctx, (provider) => provider.reverse({ lng: query.lng, lat: query.lat, language: query.language }));
}

/** The site address the basemap URLs start with: APP_URL when set, else the address the request came to. */
function siteOrigin(ctx: AppContext, requestOrigin: string): string {
  return ctx.config.appUrlIsSet ? ctx.config.appUrl : requestOrigin;
}

/** This site's MapLibre style of the PMTiles file. */
const ownStyleUrl = (ctx: AppContext, requestOrigin: string, version = "") =>
  `${siteOrigin(ctx, requestOrigin)}${API_PREFIX}${BASEMAP_STYLE_PATH}${version}`;

/**
 * `?v=…` naming the uploaded file, for the style's and the file's addresses: browsers keep both
 * for an hour, and a replaced file under the same address would mix ranges of the old and the new.
 */
const fileVersion = (settings: StoredMapSettings) =>
  settings.pmtilesFile
    ? `?v=${encodeURIComponent(settings.pmtilesFile.key.replace(/^.*uploaded-|\.pmtiles$/g, ""))}`
    : "";

export async function mapConfig(ctx: AppContext, requestOrigin: string): Promise<MapConfig> {
  const settings = await storedMapSettings(ctx);
  const styleUrl = await basemapStyleUrl(ctx, settings, ownStyleUrl(ctx, requestOrigin, fileVersion(settings)));
  return {
    geocoding: { available: geocoderChoice(ctx, settings) !== null },
    basemap: { available: styleUrl !== null, styleUrl },
    view: { center: settings.center, zoom: settings.zoom },
  };
}

export function mapSettingsFor(ctx: AppContext, requestOrigin: string): Promise<MapSettings> {
  return presentMapSettings(ctx, ownStyleUrl(ctx, requestOrigin));
}

export function changeMapSettings(
  ctx: AppContext,
  changes: UpdateMapSettings,
  requestOrigin: string,
): Promise<MapSettings> {
  return updateMapSettings(ctx, changes, ownStyleUrl(ctx, requestOrigin));
}

/** Whether the organisation's maps have a basemap to draw (a callout without a style of its own uses it). */
export async function hasBasemap(ctx: AppContext): Promise<boolean> {
  return (await basemapStyleUrl(ctx, await storedMapSettings(ctx), "own")) !== null;
}

export async function basemapStyleFor(ctx: AppContext, requestOrigin: string): Promise<Record<string, unknown>> {
  if (!(await basemapFileOf(ctx))) throw notFound("This server has no basemap of its own");
  const version = fileVersion(await storedMapSettings(ctx));
  return basemapStyle(`${siteOrigin(ctx, requestOrigin)}${API_PREFIX}${BASEMAP_TILES_PATH}${version}`);
}

export type ByteRange = { start: number; end: number };

/**
 * The byte range a `Range` header asks for within a file of `size` bytes:
 * undefined for the whole file (no header, or one this server does not
 * serve in parts, such as several ranges), null when it lies outside the file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined | null {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  const [first, last] = [match[1] ?? "", match[2] ?? ""];
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

export type BasemapBytes =
  | { kind: "whole"; size: number; body: Readable }
  | { kind: "part"; size: number; range: ByteRange; body: Readable }
  | { kind: "unsatisfiable"; size: number };

/** The basemap file, or the part of it a `Range` header asks for. */
export async function readBasemap(ctx: AppContext, rangeHeader: string | undefined): Promise<BasemapBytes> {
  const file = await basemapFileOf(ctx);
  if (!file) throw notFound("This server has no basemap of its own");
  const range = parseRange(rangeHeader, file.size);
  if (range === null) return { kind: "unsatisfiable", size: file.size };
  const body = range ? await ctx.storage.getRange(file.key, range.start, range.end) : await ctx.storage.get(file.key);
  if (!body) throw notFound("This server has no basemap of its own");
  return range ? { kind: "part", size: file.size, range, body } : { kind: "whole", size: file.size, body };
}
