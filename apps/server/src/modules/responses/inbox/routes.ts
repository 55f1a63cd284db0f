import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  bulkUpdateCalloutResponsesSchema,
  bulkUpdateResultSchema,
  calloutResponseListSchema,
  calloutResponseSchema,
  getCalloutResponseQuerySchema,
  listCalloutResponsesQuerySchema,
  updateCalloutResponseSchema,
} from "@cohort/common/callouts";
import { calloutParams, idParams } from "../route-params.js";
import { bulkUpdateResponses, getResponse, listAllResponses, listCalloutResponses, updateResponse } from "./service.js";

/** The responses inbox: reading responses and triaging them (bucket, assignee, tags), one or many at a time. */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/callout/:id/responses",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: {
        params: calloutParams,
        querystring: listCalloutResponsesQuerySchema,
        response: { 200: calloutResponseListSchema },
      },
    },
    async (request) => listCalloutResponses(request.ctx, request.identity, request.params.id, request.query),
  );

  app.get(
    "/callout-responses",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"] } },
      schema: { querystring: listCalloutResponsesQuerySchema, response: { 200: calloutResponseListSchema } },
    },
    async (request) => listAllResponses(request.ctx, request.identity, request.query),
  );

  app.patch(
    "/callout-responses",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"] } },
      schema: { body: bulkUpdateCalloutResponsesSchema, response: { 200: bulkUpdateResultSchema } },
    },
    async (request) => bulkUpdateResponses(request.ctx, request.identity, request.body),
  );

  app.get(
    "/callout-responses/:id",
    {
      config: { access: "user", errors: { 404: ["not-found"] } },
      schema: {
        params: idParams,
        querystring: getCalloutResponseQuerySchema,
        response: { 200: calloutResponseSchema },
      },
    },
    async (request) => getResponse(request.ctx, request.identity, request.params.id, request.query),
  );

  app.patch(
    "/callout-responses/:id",
    {
      config: { access: "user", errors: { 400: ["invalid-callout-response"], 404: ["not-found"] } },
      schema: { params: idParams, body: updateCalloutResponseSchema, response: { 200: calloutResponseSchema } },
    },
    async (request) => updateResponse(request.ctx, request.identity, request.params.id, request.body),
  );
};
