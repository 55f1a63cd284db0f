/**
 * What the map page keeps in its address (reference section 15.7), read and
 * written without touching the browser: `?c=<lng>,<lat>` (5 decimals),
 * `?z=<zoom>` (3 decimals), `#response-<n>` (the open response), `#add` (the
 * crosshair), `?noadd` (no "Add location"), and the intro panel's
 * `?noIntro`/`?intro`. Other parameters (`?lang`) pass through untouched.
 */

export type LngLat = [number, number];

export interface MapView {
  center: LngLat;
  zoom: number;
}

export interface MapUrlState {
  /** The view in the link, when it names a valid one. */
  center: LngLat | undefined;
  zoom: number | undefined;
  /** The response opened by `#response-<n>`. */
  responseNumber: number | undefined;
  /** `#add`: the visitor is placing a new response. */
  isAdding: boolean;
  /** `?noadd`: the page offers no "Add location". */
  noAdd: boolean;
}

const RESPONSE_HASH = /^#response-(\d{1,9})$/;
export const ADD_HASH = "#add";

function finite(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** `?c=` as `[lng, lat]`, or undefined when it is not two numbers on the globe. */
export function parseCenter(value: string | null): LngLat | undefined {
  if (value === null) return undefined;
  const parts = value.split(",");
  if (parts.length !== 2) return undefined;
  const lng = finite(parts[0]);
  const lat = finite(parts[1]);
  if (lng === undefined || lat === undefined) return undefined;
  if (lng < -180 || lng > 180 || lat < -90 || lat > 90) return undefined;
  return [lng, lat];
}

/** `?z=` as a zoom level between 0 and 24, or undefined. */
export function parseZoom(value: string | null): number | undefined {
  const zoom = finite(value ?? undefined);
  return zoom !== undefined && zoom >= 0 && zoom <= 24 ? zoom : undefined;
}

/** The response number in `#response-<n>`, or undefined. */
export function parseResponseHash(hash: string): number | undefined {
  const match = RESPONSE_HASH.exec(hash);
  return match?.[1] ? Number(match[1]) : undefined;
}

export function responseHash(responseNumber: number): string {
  return `#response-${responseNumber}`;
}

export function parseMapUrl(search: string, hash: string): MapUrlState {
  const params = new URLSearchParams(search);
  return {
    center: parseCenter(params.get("c")),
    zoom: parseZoom(params.get("z")),
    responseNumber: parseResponseHash(hash),
    isAdding: hash === ADD_HASH,
    noAdd: params.has("noadd"),
  };
}

/** A fixed number of decimals, without a minus sign on zero. */
function fixed(value: number, digits: number): string {
  const text = value.toFixed(digits);
  return Number(text) === 0 ? (0).toFixed(digits) : text;
}

/** `lng,lat` with 5 decimals (about a metre). */
export function formatCenter([lng, lat]: LngLat): string {
  return `${fixed(lng, 5)},${fixed(lat, 5)}`;
}

/** The zoom with 3 decimals. */
export function formatZoom(zoom: number): string {
  return fixed(zoom, 3);
}

/** The search string with the view written into `c` and `z`; every other parameter is kept in place. */
export function searchWithView(search: string, view: MapView): string {
  const params = new URLSearchParams(search);
  params.set("c", formatCenter(view.center));
  params.set("z", formatZoom(view.zoom));
  // A readable link: commas unescaped, flags such as `noIntro` without a trailing `=`.
  return `?${params
    .toString()
    .replace(/%2C/g, ",")
    .replace(/=(?=&|$)/g, "")}`;
}

/**
 * Whether the intro panel opens first: on the site itself unless `?noIntro`;
 * inside another site's frame only with `?intro`.
 */
export function showsIntro(search: string, isEmbedded: boolean): boolean {
  const params = new URLSearchParams(search);
  return isEmbedded ? params.has("intro") : !params.has("noIntro");
}

/** Whether "Add location" is offered: open callouts, not turned off by `?noadd`. */
export function canAddLocation(search: string, isOpen: boolean, hasAddressProp: boolean): boolean {
  return isOpen && hasAddressProp && !new URLSearchParams(search).has("noadd");
}
