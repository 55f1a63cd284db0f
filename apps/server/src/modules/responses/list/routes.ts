import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listMapResponsesQuerySchema, mapResponseListSchema } from "@cohort/common/callouts";
import { calloutParams } from "../route-params.js";
import { mapResponsesPage, type MapFeedPage } from "./service.js";

/** Whether an `Accept-Encoding` header takes gzip (and does not refuse it with `q=0`). */
function acceptsGzip(header: string | undefined): boolean {
  const entry = header
    ?.split(",")
    .map((part) => part.trim().toLowerCase())
    .find((part) => part === "gzip" || part.startsWith("gzip;"));
  return entry !== undefined && !/;\s*q=0(\.0+)?\s*$/.test(entry);
}

/** The responses staff made public, as the map's feed. */
export const mapFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/callout/:id/responses/map",
    {
      config: { access: "public", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      compress: false,
      schema: {
        params: calloutParams,
        querystring: listMapResponsesQuerySchema,
        response: { 200: mapResponseListSchema },
      },
    },
    async (request, reply) => {
      const page = await mapResponsesPage(request.ctx, request.identity, request.params.id, request.query);
      // JSON text in the declared shape (often from the feed cache), sent as it is; compressed
      // here rather than by the compression plugin, so that a cached page is compressed once.
      reply.type("application/json; charset=utf-8").header("vary", "accept-encoding");
      if (!acceptsGzip(request.headers["accept-encoding"])) return reply.send(page.json as unknown as MapFeedPage);
      const compressed = await page.gzip();
      return reply.header("content-encoding", "gzip").send(compressed as unknown as MapFeedPage);
    },
  );
};
