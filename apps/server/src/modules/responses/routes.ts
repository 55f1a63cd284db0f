import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  calloutResponseSchema,
  createCalloutResponseQuerySchema,
  createCalloutResponseSchema,
  createdResponseSchema,
} from "@cohort/common/callouts";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER, idempotencyHeadersSchema } from "@cohort/common/http";
import { guestResponseLimits } from "../../http/rate-limits.js";
import { commentRoutes } from "./comments/routes.js";
import { confirmationRoutes } from "./confirmations/routes.js";
import { exportRoutes } from "./exports/routes.js";
import { funnelRoutes } from "./funnel/routes.js";
import { importRoutes } from "./imports/routes.js";
import { inboxRoutes } from "./inbox/routes.js";
import { mapFeedRoutes } from "./list/routes.js";
import { notificationRoutes } from "./notifications/routes.js";
import { calloutParams } from "./route-params.js";
import { submitResponse } from "./service.js";
import { summaryRoutes } from "./summary/routes.js";
import { responseTagRoutes } from "./tags/routes.js";

/**
 * Answering a callout, and the routes of each sub-module: confirmations, the funnel, imports,
 * the map feed, the inbox, tags, comments, exports, the summary and notifications.
 */
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
        params: calloutParams,
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

  for (const subModule of [
    confirmationRoutes,
    funnelRoutes,
    importRoutes,
    mapFeedRoutes,
    inboxRoutes,
    responseTagRoutes,
    commentRoutes,
    exportRoutes,
    summaryRoutes,
    notificationRoutes,
  ]) {
    await app.register(subModule);
  }
};
