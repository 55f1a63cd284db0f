import type { Readable } from "node:stream";
import type { GeocodeResult, MapConfig } from "@cohort/common/geocoding";
import type { GeocodeReverseQuery, GeocodeSearchQuery } from "@cohort/common/geocoding";
import { API_PREFIX } from "@cohort/common/http";
import { BASEMAP_STYLE_PATH, BASEMAP_TILES_PATH } from "@cohort/common/geocoding";
import type { GeocodingConfig } from "../../config.js";
import type { AppContext } from "../../context.js";
import { AppError, notFound } from "../../http/errors.js";
import { outgoingFor } from "../../lib/outgoing.js";
import {
  createGeocodingProvider,
  GeocoderUnreachable,
  type GeocodingProvider,
} from "../../providers/geocoding/index.js";
import { basemapStyle } from "./basemap-style.js";

const providers = new WeakMap<GeocodingConfig, GeocodingProvider | null>();

/** One provider per configuration, built on first use. */
function geocoderOf(ctx: AppContext): GeocodingProvider | null {
  const config = ctx.config.geocoding;
  if (!providers.has(config)) {
    providers.set(config, createGeocodingProvider(config, outgoingFor(ctx.config.outgoingAllow).fetch));
  }
  return providers.get(config) ?? null;
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
  const provider = geocoderOf(ctx);
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

/** The configured basemap's storage key and size, or null when there is none (or its file is missing). */
async function basemapFile(ctx: AppContext): Promise<{ key: string; size: number } | null> {
  const key = ctx.config.basemapPmtiles;
  if (!key) return null;
  const size = await ctx.storage.size(key);
  if (size === null) {
    ctx.log.warn({ key }, "BASEMAP_PMTILES names a file that is not in storage");
    return null;
  }
  return { key, size };
}

export async function mapConfig(ctx: AppContext, requestOrigin: string): Promise<MapConfig> {
  const basemap = await basemapFile(ctx);
  return {
    geocoding: { available: geocoderOf(ctx) !== null },
    basemap: {
      available: basemap !== null,
      styleUrl: basemap ? `${siteOrigin(ctx, requestOrigin)}${API_PREFIX}${BASEMAP_STYLE_PATH}` : null,
    },
  };
}

export async function basemapStyleFor(ctx: AppContext, requestOrigin: string): Promise<Record<string, unknown>> {
  if (!(await basemapFile(ctx))) throw notFound("This server has no basemap of its own");
  return basemapStyle(`${siteOrigin(ctx, requestOrigin)}${API_PREFIX}${BASEMAP_TILES_PATH}`);
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
  const file = await basemapFile(ctx);
  if (!file) throw notFound("This server has no basemap of its own");
  const range = parseRange(rangeHeader, file.size);
  if (range === null) return { kind: "unsatisfiable", size: file.size };
  const body = range ? await ctx.storage.getRange(file.key, range.start, range.end) : await ctx.storage.get(file.key);
  if (!body) throw notFound("This server has no basemap of its own");
  return range ? { kind: "part", size: file.size, range, body } : { kind: "whole", size: file.size, body };
}
