/**
 * The public map services: address search and reverse geocoding through the
 * server (so no reader's address reaches a map vendor) and an optional
 * self-hosted basemap. Paths are relative to the API root `/api/1.0`.
 * This file loads no zod, so public pages may import its values.
 */

/** `GET` — forward search, query in {@link geocodeSearchQuerySchema}. */
export const GEOCODE_SEARCH_PATH = "/geocode/search";
/** `GET` — the places at a point, query in {@link geocodeReverseQuerySchema}. */
export const GEOCODE_REVERSE_PATH = "/geocode/reverse";
/** `GET` — what the map pages may use ({@link MapConfig}); public, no login. */
export const MAP_CONFIG_PATH = "/map/config";
/** `GET` — the MapLibre style of the self-hosted basemap (404 when there is none). */
export const BASEMAP_STYLE_PATH = "/map/style.json";
/** `GET`/`HEAD` with `Range` — the basemap PMTiles file, read by byte ranges. */
export const BASEMAP_TILES_PATH = "/map/basemap.pmtiles";
/** `GET`/`PATCH` — the organisation's map settings (admins only; keys are write-only). */
export const MAP_SETTINGS_PATH = "/map/settings";
/** `DELETE` — removes the uploaded PMTiles file (admins only; refused while the basemap uses it). */
export const BASEMAP_FILE_PATH = "/map/basemap";
/** `POST` — starts an upload of a PMTiles file ({@link StartBasemapUpload}); admins only. */
export const BASEMAP_UPLOADS_PATH = "/map/basemap/uploads";
/**
 * `GET` — how many bytes of the upload the server has; `PUT` with `Content-Range: bytes a-b/size`
 * and an `application/octet-stream` body — appends bytes a to b. The last one checks and stores the file.
 */
export const BASEMAP_UPLOAD_PATH = "/map/basemap/uploads/:id";

/** The bytes the page sends in one `PUT` of an upload. */
export const BASEMAP_UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
/** The most characters of an uploaded file's name. */
export const BASEMAP_FILE_NAME_MAX = 200;

/** The PMTiles file uploaded in Settings → Maps. */
export interface BasemapFile {
  /** The name of the file on the admin's computer. */
  name: string;
  size: number;
  /** ISO date and time the upload finished. */
  uploadedAt: string;
}

/** `POST /map/basemap/uploads`: the file about to be sent. */
export interface StartBasemapUpload {
  name: string;
  size: number;
}

/** An unfinished upload, as `GET`/`PUT /map/basemap/uploads/:id` answer. */
export interface BasemapUpload {
  id: string;
  name: string;
  size: number;
  /** The bytes the server has, from the start of the file: the next `PUT` starts there. */
  received: number;
  /** Set once the whole file is in: it is checked and stored, and the settings use it. */
  file: BasemapFile | null;
}

/**
 * Where the maps' background comes from: OpenFreeMap's public style (no key,
 * the default), MapTiler or Stadia Maps with the organisation's key, or a
 * PMTiles file in Cohort's storage.
 */
export const basemapKinds = ["openfreemap", "maptiler", "stadia", "pmtiles"] as const;
export type BasemapKind = (typeof basemapKinds)[number];

/**
 * Who answers address searches: the public Photon service (light use, the
 * default), the organisation's own Photon, MapTiler with its key, or nobody
 * (readers then place the pin on the map).
 */
export const geocoderKinds = ["photon-public", "photon", "maptiler", "off"] as const;
export type GeocoderKind = (typeof geocoderKinds)[number];

/** The public services the keyless choices use. */
export const OPENFREEMAP_STYLE_URL = "https://tiles.openfreemap.org/styles/liberty";
export const PUBLIC_PHOTON_URL = "https://photon.komoot.io";
export const MAPTILER_API_URL = "https://api.maptiler.com";
export const STADIA_TILES_URL = "https://tiles.stadiamaps.com";

/** Where an organisation's maps start until it chooses: the whole world. */
export const WORLD_VIEW = { center: [0, 20] as [number, number], zoom: 1 };

/** The organisation's map settings as admins read them: keys only say whether they are set. */
export interface MapSettings {
  basemap: BasemapKind;
  /** Whether a MapTiler key is stored (the key itself is never sent back). */
  maptilerKeySet: boolean;
  stadiaKeySet: boolean;
  /** The size in bytes of the PMTiles file in storage, or null when there is none. */
  pmtilesSize: number | null;
  /** The file uploaded on the page, or null (then the operator's `BASEMAP_PMTILES`, if any, is used). */
  pmtilesFile: BasemapFile | null;
  /** The largest file the server accepts, in bytes (`MAP_UPLOAD_MAX_BYTES`). */
  uploadMaxBytes: number;
  geocoder: GeocoderKind;
  /** The organisation's own Photon service, when it has one. */
  photonUrl: string;
  /** Where maps start: `[lng, lat]` and zoom. */
  center: [number, number];
  zoom: number;
  /** Whether the chosen basemap can be drawn now (a key or file is there). */
  basemapAvailable: boolean;
  /** The origins the pages' security policy allows for the maps, this setting's and the operator's. */
  hosts: string[];
}

/** The most characters of a search text. */
export const GEOCODE_QUERY_MAX = 200;
/** How many places a search returns at most (and by default). */
export const GEOCODE_LIMIT_MAX = 10;
export const GEOCODE_LIMIT_DEFAULT = 5;

/**
 * Place kinds, named as MapTiler names them; the Photon provider maps its own
 * kinds onto these. A reverse lookup returns the most precise first.
 */
export const geocodePlaceTypes = [
  "address",
  "street",
  "poi",
  "postal_code",
  "neighbourhood",
  "locality",
  "place",
  "municipality",
  "county",
  "region",
  "country",
] as const;
export type GeocodePlaceType = (typeof geocodePlaceTypes)[number];

/** The place types a map click looks for (reference section 15.7). */
export const REVERSE_GEOCODE_TYPES: readonly GeocodePlaceType[] = [
  "address",
  "postal_code",
  "municipality",
  "county",
  "region",
];

/** One place found by the geocoder, whichever provider answered. */
export interface GeocodeFeature {
  /** Stable within a provider, e.g. `address.123` or `osm:N:123`. */
  id: string;
  /** The place's own name: the street for an address, the town for a municipality. */
  text: string;
  /** The full human-readable name, e.g. "Hauptstraße 5, 10115 Berlin, Germany". */
  placeName: string;
  /** Its kinds, most specific first (see {@link geocodePlaceTypes}; unknown kinds pass through). */
  placeType: string[];
  /** `[lng, lat]`. */
  center: [number, number];
  /** For addresses, the house number apart from the street in `text`. */
  houseNumber?: string | undefined;
}

export interface GeocodeResult {
  features: GeocodeFeature[];
}

/**
 * What the map pages read from `GET /map/config` (public). A separate call,
 * not a field of `GET /content/general`, so that pages without a map never
 * load it and an operator's provider change shows without touching content.
 */
export interface MapConfig {
  geocoding: {
    /** Whether `/geocode/search` and `/geocode/reverse` have a provider (else they answer 404 `geocoding-unavailable`; 503 when the provider fails). */
    available: boolean;
  };
  basemap: {
    /** Whether the organisation's chosen basemap can be drawn (Settings → Maps). */
    available: boolean;
    /**
     * Absolute URL of its MapLibre style, or null. A map whose callout sets no `style`
     * uses it. For a PMTiles file it is this site's `…/api/1.0/map/style.json`, whose
     * source is `pmtiles://<url>` of {@link BASEMAP_TILES_PATH}, so the page must
     * register the pmtiles protocol.
     */
    styleUrl: string | null;
  };
  /** Where the organisation's maps start. */
  view: { center: [number, number]; zoom: number };
}
