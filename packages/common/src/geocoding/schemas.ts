import { z } from "zod";
import { BASEMAP_FILE_NAME_MAX, GEOCODE_LIMIT_DEFAULT, GEOCODE_LIMIT_MAX, GEOCODE_QUERY_MAX } from "./constants.js";
import { urlSchema } from "../http/urls.js";
import { basemapKinds, geocoderKinds } from "./constants.js";
import type {
  BasemapFile,
  BasemapUpload,
  GeocodeFeature,
  GeocodeResult,
  MapConfig,
  MapSettings,
  StartBasemapUpload,
} from "./constants.js";

const lngSchema = z.coerce.number().min(-180).max(180);
const latSchema = z.coerce.number().min(-90).max(90);

/** `de,gb`: ISO 3166-1 alpha-2 codes separated by commas, lower-cased on the way in. */
const countriesSchema = z
  .string()
  .trim()
  .max(200)
  .regex(/^([a-zA-Z]{2})?(\s*,\s*[a-zA-Z]{2})*$/, { message: "Country codes separated by commas, e.g. de,gb" })
  .transform((value) =>
    value
      .split(",")
      .map((code) => code.trim().toLowerCase())
      .filter((code) => code !== ""),
  );

/** A language tag such as `de` or `pt-BR`; only the primary language goes to the provider. */
const languageSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z]{2,3}([-_@][a-zA-Z0-9]{1,8})*$/, { message: "A language code such as de or en" })
  .transform((value) => value.slice(0, value.search(/[-_@]|$/)).toLowerCase());

/** `GET /api/1.0/geocode/search?query=&countries=de,gb&language=&limit=` */
export const geocodeSearchQuerySchema = z.object({
  query: z.string().trim().min(1).max(GEOCODE_QUERY_MAX),
  countries: countriesSchema.optional(),
  language: languageSchema.optional(),
  limit: z.coerce.number().int().min(1).max(GEOCODE_LIMIT_MAX).default(GEOCODE_LIMIT_DEFAULT),
});
export type GeocodeSearchQuery = z.infer<typeof geocodeSearchQuerySchema>;

/** `GET /api/1.0/geocode/reverse?lng=&lat=&language=` */
export const geocodeReverseQuerySchema = z.object({
  lng: lngSchema,
  lat: latSchema,
  language: languageSchema.optional(),
});
export type GeocodeReverseQuery = z.infer<typeof geocodeReverseQuerySchema>;

export const geocodeFeatureSchema = z.object({
  id: z.string(),
  text: z.string(),
  placeName: z.string(),
  placeType: z.array(z.string()),
  center: z.tuple([z.number(), z.number()]),
  houseNumber: z.string().optional(),
}) satisfies z.ZodType<GeocodeFeature>;

export const geocodeResultSchema = z.object({
  features: z.array(geocodeFeatureSchema),
}) satisfies z.ZodType<GeocodeResult>;

export const mapConfigSchema = z.object({
  geocoding: z.object({ available: z.boolean() }),
  basemap: z.object({ available: z.boolean(), styleUrl: z.string().nullable() }),
  view: z.object({ center: z.tuple([z.number(), z.number()]), zoom: z.number() }),
}) satisfies z.ZodType<MapConfig>;

const mapZoomSchema = z.number().min(0).max(20);
const mapCentreSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

export const mapSettingsSchema = z.object({
  basemap: z.enum(basemapKinds),
  maptilerKeySet: z.boolean(),
  stadiaKeySet: z.boolean(),
  pmtilesSize: z.number().nullable(),
  pmtilesFile: z
    .object({ name: z.string(), size: z.number(), uploadedAt: z.string() })
    .nullable() satisfies z.ZodType<BasemapFile | null>,
  uploadMaxBytes: z.number(),
  geocoder: z.enum(geocoderKinds),
  photonUrl: z.string(),
  center: z.tuple([z.number(), z.number()]),
  zoom: z.number(),
  basemapAvailable: z.boolean(),
  hosts: z.array(z.string()),
}) satisfies z.ZodType<MapSettings>;

/** A provider's key: letters, digits, `-` and `_`; an empty text removes the stored key. */
const providerKeySchema = z
  .string()
  .trim()
  .max(200)
  .regex(/^[A-Za-z0-9_-]*$/, { message: "Letters, digits, - and _ only" });

/** `PATCH /map/settings`: the fields sent change; a key is written, never read back. */
export const updateMapSettingsSchema = z
  .object({
    basemap: z.enum(basemapKinds).optional(),
    maptilerKey: providerKeySchema.optional(),
    stadiaKey: providerKeySchema.optional(),
    geocoder: z.enum(geocoderKinds).optional(),
    photonUrl: urlSchema("http", { allowEmpty: true }).optional(),
    center: mapCentreSchema.optional(),
    zoom: mapZoomSchema.optional(),
  })
  .strict();
export type UpdateMapSettings = z.infer<typeof updateMapSettingsSchema>;

/** `POST /map/basemap/uploads`: the name and size of the file about to be sent. */
export const startBasemapUploadSchema = z
  .object({
    name: z.string().trim().min(1).max(BASEMAP_FILE_NAME_MAX),
    size: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  })
  .strict() satisfies z.ZodType<StartBasemapUpload>;

export const basemapUploadParamsSchema = z.object({ id: z.uuid() });

export const basemapUploadSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  received: z.number(),
  file: z.object({ name: z.string(), size: z.number(), uploadedAt: z.string() }).nullable(),
}) satisfies z.ZodType<BasemapUpload>;
