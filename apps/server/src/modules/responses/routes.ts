import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  calloutFunnelReportSchema,
  calloutResponseSchema,
  confirmedGuestResponseSchema,
  confirmGuestResponseSchema,
  createCalloutResponseQuerySchema,
  createCalloutResponseSchema,
  createdResponseSchema,
  importCalloutResponsesSchema,
  listMapResponsesQuerySchema,
  RESPONSE_IMPORT_BODY_LIMIT,
  responseImportResultSchema,
  mapResponseListSchema,
} from "@cohort/common/callouts";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER, idempotencyHeadersSchema } from "@cohort/common/http";
import { funnelReportLimits, guestResponseLimits } from "../../http/rate-limits.js";
import { confirmGuestResponse } from "./confirmations/service.js";
import { reportFunnelStage } from "./funnel/service.js";
import { importResponses } from "./imports/service.js";
import { inboxRoutes } from "./inbox/routes.js";
import { notificationRoutes } from "./notifications/routes.js";
import { mapResponsesPage, type MapFeedPage } from "./list/service.js";
import { submitResponse } from "./service.js";

/** A callout is addressed by its id or its slug. */
const params = z.object({ id: z.string().min(1).max(200) });

/** Whether an `Accept-Encoding` header takes gzip (and does not refuse it with `q=0`). */
function acceptsGzip(header: string | undefined): boolean {
  const entry = header
    ?.split(",")
    .map((part) => part.trim().toLowerCase())
    .find((part) => part === "gzip" || part.startsWith("gzip;"));
  return entry !== undefined && !/;\s*q=0(\.0+)?\s*$/.test(entry);
}

export const responseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/callout/:id/responses",
    {
      config: {
        access: "public",
        errors: {
          400: ["invalid-callout-response"],
          401: ["captcha-failed", "captcha-required"],
          404: ["not-found"],
          422: ["idempotency-key-reused"],
        },
      },
      preHandler: guestResponseLimits,
      schema: {
        params,
        headers: idempotencyHeadersSchema,
        querystring: createCalloutResponseQuerySchema,
        body: createCalloutResponseSchema,
        response: { 200: z.union([calloutResponseSchema, createdResponseSchema]) },
      },
    },
    async (request, reply) => {
      const submitted = await submitResponse(request.ctx, request.identity, {
        idOrSlug: request.params.id,
        body: request.body,
        captchaToken: request.query.captchaToken,
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
      });
      if (submitted.isReplay) reply.header(IDEMPOTENT_REPLAY_HEADER, "true");
      return submitted.body;
    },
  );

  // A stage of one visit to the form, for the funnel of its summary (decision 073): counted, nothing kept of the caller.
  app.post(
    "/callout/:id/responses/funnel",
    {
      config: { access: "public", errors: { 400: ["invalid-callout-response"], 404: ["not-found"] } },
      preHandler: funnelReportLimits,
      schema: { params, body: calloutFunnelReportSchema },
    },
    async (request, reply) => {
      await reportFunnelStage(request.ctx, request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    "/callout/:id/responses/import",
    {
      config: { access: "admin", errors: { 400: ["invalid-import-column"], 404: ["not-found"] } },
      bodyLimit: RESPONSE_IMPORT_BODY_LIMIT,
      schema: {
        summary: "Import answers collected elsewhere (CSV rows mapped to the form's inputs)",
        description:
          "Each row holds cells under `answers.<slideId>.<key>`, `guest.email` or `guest.name`, and is checked " +
          "like a response sent through the form. Refused rows are skipped and listed by row, column and reason " +
          "(the answer issue codes). A column that names no input taking text is refused whole: 400 " +
          "`invalid-import-column`. With `dryRun` nothing is written. Imported responses are marked `imported`, " +
          "belong to no contact and send no email.",
        params,
        body: importCalloutResponsesSchema,
        response: { 200: responseImportResultSchema },
      },
    },
    async (request) => importResponses(request.ctx, request.params.id, request.body),
  );

  app.post(
    "/callout/responses/confirm",
    {
      config: { access: "public", errors: { 400: ["invalid-callout-response"], 404: ["not-found"] } },
      schema: { body: confirmGuestResponseSchema, response: { 200: confirmedGuestResponseSchema } },
    },
    async (request) => confirmGuestResponse(request.ctx, request.body.token),
  );

  app.get(
    "/callout/:id/responses/map",
    {
      config: { access: "public", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      compress: false,
      schema: { params, querystring: listMapResponsesQuerySchema, response: { 200: mapResponseListSchema } },
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

  await app.register(inboxRoutes);
  await app.register(notificationRoutes);
};
