import { z } from "zod";
import {
  BASEMAP_FILE_NAME_MAX,
  MAPTILER_API_URL,
  OPENFREEMAP_STYLE_URL,
  PUBLIC_PHOTON_URL,
  STADIA_TILES_URL,
  WORLD_VIEW,
  updateMapSettingsSchema,
  type BasemapKind,
  type GeocoderKind,
  type MapSettings,
  type UpdateMapSettings,
} from "@cohort/common/geocoding";
import type { MessageKey } from "@cohort/common/validation";
import type { AppContext } from "../../context.js";
import { SCHEMA_SUMMARY, invalidField } from "../../http/parse.js";
import { outgoingUrlProblem } from "../../lib/outgoing.js";
import { cachedSettingsDocument, mergeSettingsDocument } from "../content/service.js";

/** The row of the `content` table the map settings are kept in; not one of the reference's content ids. */
const MAP_SETTINGS_ID = "maps";

/**
 * The organisation's map settings as stored, keys included. Until an admin
 * saves, the operator's environment decides: BASEMAP_PMTILES chooses the
 * file, PHOTON_URL or MAPTILER_KEY the address search; else OpenFreeMap and
 * the public Photon service (decision 057).
 */
export interface StoredMapSettings {
  basemap: BasemapKind;
  maptilerKey: string;
  stadiaKey: string;
  geocoder: GeocoderKind;
  photonUrl: string;
  center: [number, number];
  zoom: number;
  /** The file uploaded in Settings → Maps; it wins over BASEMAP_PMTILES. */
  pmtilesFile: StoredBasemapFile | null;
}

/** An uploaded PMTiles file: where it is in storage, and what the page shows of it. */
export interface StoredBasemapFile {
  key: string;
  name: string;
  size: number;
  uploadedAt: string;
}

/** The uploaded file's record is written by the upload alone, never by `PATCH /map/settings`. */
const storedBasemapFileSchema = z.object({
  key: z.string().regex(/^maps\/uploaded-[0-9a-f-]{36}\.pmtiles$/),
  name: z.string().max(BASEMAP_FILE_NAME_MAX),
  size: z.number().int().min(0),
  uploadedAt: z.string().max(40),
});

function defaults(ctx: AppContext): StoredMapSettings {
  const { geocoding, basemapPmtiles } = ctx.config;
  return {
    basemap: basemapPmtiles ? "pmtiles" : "openfreemap",
    maptilerKey: geocoding.maptilerKey ?? "",
    stadiaKey: "",
    geocoder: geocoding.photonUrl ? "photon" : geocoding.maptilerKey ? "maptiler" : "photon-public",
    photonUrl: geocoding.photonUrl ?? "",
    center: WORLD_VIEW.center,
    zoom: WORLD_VIEW.zoom,
    pmtilesFile: null,
  };
}

/** The stored settings over the defaults; a stored field that no longer passes the update shape is left out. */
export function storedMapSettings(ctx: AppContext): Promise<StoredMapSettings> {
  return cachedSettingsDocument(ctx, MAP_SETTINGS_ID, (stored) => {
    const result = defaults(ctx);
    for (const [key, value] of Object.entries(stored)) {
      if (key === "pmtilesFile") {
        const file = storedBasemapFileSchema.safeParse(value);
        result.pmtilesFile = file.success ? file.data : null;
        continue;
      }
      const parsed = updateMapSettingsSchema.safeParse({ [key]: value });
      if (parsed.success) Object.assign(result, parsed.data);
    }
    return result;
  });
}

/** The base address of MapTiler's API: the operator's (a proxy, or a stand-in in tests) or MapTiler's own. */
export const maptilerBase = (ctx: AppContext) =>
  (ctx.config.geocoding.maptilerApiUrl ?? MAPTILER_API_URL).replace(/\/+$/, "");

/** Records the uploaded file (null: there is none). */
export async function storeUploadedBasemap(ctx: AppContext, file: StoredBasemapFile | null): Promise<void> {
  await mergeSettingsDocument(ctx, MAP_SETTINGS_ID, { pmtilesFile: file });
}

/**
 * The PMTiles file the settings use, the uploaded one or else the operator's
 * BASEMAP_PMTILES: its storage key and size, or null when there is none.
 */
export async function basemapFileOf(ctx: AppContext): Promise<{ key: string; size: number } | null> {
  const key = (await storedMapSettings(ctx)).pmtilesFile?.key ?? ctx.config.basemapPmtiles;
  if (!key) return null;
  const size = await ctx.storage.size(key);
  if (size === null) {
    ctx.log.warn({ key }, "the basemap's PMTiles file is not in storage");
    return null;
  }
  return { key, size };
}

/**
 * The style address of the chosen basemap, absolute, or null when it cannot
 * be drawn (a provider without its key, no PMTiles file). `ownStyle` is this
 * site's style of the PMTiles file.
 */
export async function basemapStyleUrl(
  ctx: AppContext,
  settings: StoredMapSettings,
  ownStyle: string,
): Promise<string | null> {
  switch (settings.basemap) {
    case "openfreemap":
      return OPENFREEMAP_STYLE_URL;
    case "maptiler":
      return settings.maptilerKey
        ? `${maptilerBase(ctx)}/maps/streets-v2/style.json?key=${encodeURIComponent(settings.maptilerKey)}`
        : null;
    case "stadia":
      return settings.stadiaKey
        ? `${STADIA_TILES_URL}/styles/alidade_smooth.json?api_key=${encodeURIComponent(settings.stadiaKey)}`
        : null;
    case "pmtiles":
      return (await basemapFileOf(ctx)) ? ownStyle : null;
  }
}

/**
 * The origins readers' browsers fetch the chosen basemap from (style, tiles,
 * fonts, sprites), for the pages' `connect-src`; a PMTiles file is this site's.
 */
export function basemapHosts(ctx: AppContext, settings: StoredMapSettings): string[] {
  switch (settings.basemap) {
    case "openfreemap":
      return [new URL(OPENFREEMAP_STYLE_URL).origin];
    case "maptiler":
      return [new URL(maptilerBase(ctx)).origin];
    case "stadia":
      return [STADIA_TILES_URL];
    case "pmtiles":
      return [];
  }
}

/** The map origins every page's policy allows: the chosen basemap's and the operator's MAP_HOSTS. */
export async function mapHostsOf(ctx: AppContext): Promise<string[]> {
  const settings = await storedMapSettings(ctx);
  return [...new Set([...basemapHosts(ctx, settings), ...ctx.config.mapHosts])];
}

/** The address search the settings choose: where it goes, and the key it needs. */
export type GeocoderChoice = { kind: "photon"; url: string } | { kind: "maptiler"; key: string; apiUrl: string } | null;

export function geocoderChoice(ctx: AppContext, settings: StoredMapSettings): GeocoderChoice {
  switch (settings.geocoder) {
    case "photon-public":
      return { kind: "photon", url: PUBLIC_PHOTON_URL };
    case "photon":
      return settings.photonUrl ? { kind: "photon", url: settings.photonUrl } : null;
    case "maptiler":
      return settings.maptilerKey ? { kind: "maptiler", key: settings.maptilerKey, apiUrl: maptilerBase(ctx) } : null;
    case "off":
      return null;
  }
}

export async function presentMapSettings(ctx: AppContext, ownStyle: string): Promise<MapSettings> {
  const settings = await storedMapSettings(ctx);
  const file = await basemapFileOf(ctx);
  return {
    basemap: settings.basemap,
    maptilerKeySet: settings.maptilerKey !== "",
    stadiaKeySet: settings.stadiaKey !== "",
    pmtilesSize: file?.size ?? null,
    pmtilesFile: settings.pmtilesFile && {
      name: settings.pmtilesFile.name,
      size: settings.pmtilesFile.size,
      uploadedAt: settings.pmtilesFile.uploadedAt,
    },
    uploadMaxBytes: ctx.config.mapUploadMaxBytes,
    geocoder: settings.geocoder,
    photonUrl: settings.photonUrl,
    center: settings.center,
    zoom: settings.zoom,
    basemapAvailable: (await basemapStyleUrl(ctx, settings, ownStyle)) !== null,
    hosts: await mapHostsOf(ctx),
  };
}

const refuse = (field: string, key: MessageKey, text: string) =>
  invalidField(field, { key }, { rule: "mapSettings", text, summary: SCHEMA_SUMMARY });

/**
 * Stores the fields sent. A choice that needs a key, a file or an address is
 * refused without one (sent now or stored before), so that saving never
 * leaves the maps without the basemap or the search they had.
 */
export async function updateMapSettings(
  ctx: AppContext,
  changes: UpdateMapSettings,
  ownStyle: string,
): Promise<MapSettings> {
  const current = await storedMapSettings(ctx);
  const next = { ...current, ...changes };
  const keysChange = changes.basemap !== undefined || changes.geocoder !== undefined;
  const maptilerUsed = next.basemap === "maptiler" || next.geocoder === "maptiler";
  // Removing a saved key (an empty one) that a choice still needs says so, rather than asking for a key.
  if (changes.maptilerKey === "" && current.maptilerKey && maptilerUsed) {
    throw refuse("maptilerKey", "adminValidation.mapKeyInUse", "The basemap or the address search uses this key");
  }
  if (changes.stadiaKey === "" && current.stadiaKey && next.basemap === "stadia") {
    throw refuse("stadiaKey", "adminValidation.mapKeyInUse", "The basemap uses this key");
  }
  if (maptilerUsed && !next.maptilerKey && (keysChange || changes.maptilerKey !== undefined)) {
    throw refuse("maptilerKey", "adminValidation.mapKeyRequired", "MapTiler needs a key");
  }
  if (next.basemap === "stadia" && !next.stadiaKey && (keysChange || changes.stadiaKey !== undefined)) {
    throw refuse("stadiaKey", "adminValidation.mapKeyRequired", "Stadia Maps needs a key");
  }
  if (changes.basemap === "pmtiles" && !(await basemapFileOf(ctx))) {
    throw refuse("basemap", "adminValidation.mapFileMissing", "There is no PMTiles file in storage");
  }
  if (next.geocoder === "photon" && !next.photonUrl) {
    throw refuse("photonUrl", "adminValidation.photonUrlRequired", "Your own Photon needs its address");
  }
  if (changes.photonUrl) {
    const problem = outgoingUrlProblem(changes.photonUrl, ctx.config.outgoingAllow);
    if (problem) throw refuse("photonUrl", "adminValidation.outgoingAddressForbidden", problem);
  }
  await mergeSettingsDocument(ctx, MAP_SETTINGS_ID, { ...changes });
  return presentMapSettings(ctx, ownStyle);
}
