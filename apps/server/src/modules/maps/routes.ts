import type { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  BASEMAP_FILE_PATH,
  BASEMAP_UPLOAD_PATH,
  BASEMAP_UPLOADS_PATH,
  basemapUploadParamsSchema,
  basemapUploadSchema,
  startBasemapUploadSchema,
  BASEMAP_STYLE_PATH,
  BASEMAP_TILES_PATH,
  GEOCODE_REVERSE_PATH,
  GEOCODE_SEARCH_PATH,
  MAP_CONFIG_PATH,
  MAP_SETTINGS_PATH,
  geocodeResultSchema,
  geocodeReverseQuerySchema,
  geocodeSearchQuerySchema,
  mapConfigSchema,
  mapSettingsSchema,
  updateMapSettingsSchema,
} from "@cohort/common/geocoding";
import { AppError } from "../../http/errors.js";
import { geocodeLimits } from "../../http/rate-limits.js";
import {
  basemapStyleFor,
  changeMapSettings,
  mapConfig,
  mapSettingsFor,
  readBasemap,
  reversePlaces,
  searchPlaces,
} from "./service.js";
import { appendBasemapPart, basemapUploadStatus, removeUploadedBasemap, startBasemapUpload } from "./upload.js";

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** How long browsers and caches may keep the basemap and its style. */
const BASEMAP_CACHE = "public, max-age=3600";

/**
 * The public map services (decision 034): the geocoding proxy, so that no
 * reader's address or IP reaches a map vendor, and the self-hosted basemap.
 */
export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  // One count per client for searches and lookups together, kept in memory by each server copy.
  const limitGeocoding = geocodeLimits(app);

  app.get(
    MAP_CONFIG_PATH,
    { config: { access: "public", errors: {} }, schema: { response: { 200: mapConfigSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-cache");
      return mapConfig(request.ctx, originOf(request));
    },
  );

  // The organisation's choices (decision 057): admins only, and keys are never in the answer.
  app.get(
    MAP_SETTINGS_PATH,
    { config: { access: "admin", errors: {} }, schema: { response: { 200: mapSettingsSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return mapSettingsFor(request.ctx, originOf(request));
    },
  );
  app.patch(
    MAP_SETTINGS_PATH,
    {
      config: { access: "admin", errors: {} },
      schema: { body: updateMapSettingsSchema, response: { 200: mapSettingsSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return changeMapSettings(request.ctx, request.body, originOf(request));
    },
  );

  // A PMTiles file uploaded from the page in parts (decision 057): each part's body reaches the
  // handler as the request stream and goes to disk as it arrives, never whole into memory.
  app.addContentTypeParser("application/octet-stream", (_request, payload, done) => done(null, payload));

  app.post(
    BASEMAP_UPLOADS_PATH,
    {
      config: { access: "admin", errors: { 413: ["map-file-too-large"] } },
      schema: { body: startBasemapUploadSchema, response: { 201: basemapUploadSchema } },
    },
    async (request, reply) => {
      reply.code(201).header("cache-control", "no-store");
      return startBasemapUpload(request.ctx, request.body);
    },
  );
  app.get(
    BASEMAP_UPLOAD_PATH,
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: { params: basemapUploadParamsSchema, response: { 200: basemapUploadSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return basemapUploadStatus(request.ctx, request.params.id);
    },
  );
  app.put(
    BASEMAP_UPLOAD_PATH,
    {
      config: {
        access: "admin",
        errors: {
          400: ["map-file-invalid"],
          404: ["not-found"],
          409: ["upload-offset-mismatch"],
          413: ["map-file-too-large"],
        },
      },
      schema: { params: basemapUploadParamsSchema, response: { 200: basemapUploadSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const body = request.body as Readable | undefined;
      if (!body || typeof (body as { pipe?: unknown }).pipe !== "function") {
        throw new AppError("unsupported-media-type", {
          status: 415,
          message: "Send the part as application/octet-stream",
        });
      }
      return appendBasemapPart(request.ctx, request.params.id, request.headers["content-range"], body);
    },
  );
  app.delete(
    BASEMAP_FILE_PATH,
    { config: { access: "admin", errors: { 404: ["not-found"], 409: ["map-file-in-use"] } } },
    async (request, reply) => {
      await removeUploadedBasemap(request.ctx);
      return reply.code(204).send();
    },
  );

  app.get(
    GEOCODE_SEARCH_PATH,
    {
      config: { access: "public", errors: { 404: ["geocoding-unavailable"] } },
      preHandler: limitGeocoding,
      schema: { querystring: geocodeSearchQuerySchema, response: { 200: geocodeResultSchema } },
    },
    async (request, reply) => {
      const result = await searchPlaces(request.ctx, request.query);
      reply.header("cache-control", "private, max-age=3600");
      return result;
    },
  );

  app.get(
    GEOCODE_REVERSE_PATH,
    {
      config: { access: "public", errors: { 404: ["geocoding-unavailable"] } },
      preHandler: limitGeocoding,
      schema: { querystring: geocodeReverseQuerySchema, response: { 200: geocodeResultSchema } },
    },
    async (request, reply) => {
      const result = await reversePlaces(request.ctx, request.query);
      reply.header("cache-control", "private, max-age=3600");
      return result;
    },
  );

  app.get(
    BASEMAP_STYLE_PATH,
    { config: { access: "public", errors: { 404: ["not-found"] } } },
    async (request, reply) => {
      const style = await basemapStyleFor(request.ctx, originOf(request));
      reply.header("cache-control", BASEMAP_CACHE);
      return style;
    },
  );

  // PMTiles readers fetch the file by byte ranges; HEAD is answered from this route too.
  app.get(
    BASEMAP_TILES_PATH,
    { config: { access: "public", errors: { 404: ["not-found"] } }, compress: false },
    async (request, reply) => {
      const file = await readBasemap(request.ctx, request.headers.range);
      reply
        .type("application/vnd.pmtiles")
        .header("accept-ranges", "bytes")
        .header("cache-control", BASEMAP_CACHE)
        .header("x-content-type-options", "nosniff");
      switch (file.kind) {
        case "unsatisfiable":
          return reply.code(416).header("content-range", `bytes */${file.size}`).send();
        case "part":
          return reply
            .code(206)
            .header("content-range", `bytes ${file.range.start}-${file.range.end}/${file.size}`)
            .header("content-length", file.range.end - file.range.start + 1)
            .send(file.body);
        case "whole":
          return reply.header("content-length", file.size).send(file.body);
      }
    },
  );
};
