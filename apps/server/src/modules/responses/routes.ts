import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  calloutResponseListSchema,
  calloutResponseSchema,
  createCalloutResponseQuerySchema,
  createCalloutResponseSchema,
  createdResponseSchema,
  listCalloutResponsesQuerySchema,
  listMapResponsesQuerySchema,
  mapResponseListSchema,
} from "@cohort/common/callouts";
import { listCalloutResponses, listMapResponses } from "./list-service.js";
import { submitResponse } from "./service.js";

/** A callout is addressed by its id or its slug. */
const params = z.object({ id: z.string().min(1).max(200) });

export const responseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/callout/:id/responses",
    {
      config: { access: "public" },
      schema: {
        params,
        querystring: createCalloutResponseQuerySchema,
        body: createCalloutResponseSchema,
        response: { 200: z.union([calloutResponseSchema, createdResponseSchema]) },
      },
    },
    async (request) =>
      submitResponse(request.ctx, request.identity, {
        idOrSlug: request.params.id,
        body: request.body,
        captchaToken: request.query.captchaToken,
      }),
  );

  app.get(
    "/callout/:id/responses",
    {
      config: { access: "user" },
      schema: { params, querystring: listCalloutResponsesQuerySchema, response: { 200: calloutResponseListSchema } },
    },
    async (request) => listCalloutResponses(request.ctx, request.identity, request.params.id, request.query),
  );

  app.get(
    "/callout/:id/responses/map",
    {
      config: { access: "public" },
      schema: { params, querystring: listMapResponsesQuerySchema, response: { 200: mapResponseListSchema } },
    },
    async (request) => listMapResponses(request.ctx, request.identity, request.params.id, request.query),
  );
};
