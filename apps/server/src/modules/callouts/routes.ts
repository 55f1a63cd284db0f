import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  calloutListSchema,
  calloutSchema,
  createCalloutQuerySchema,
  createCalloutSchema,
  getCalloutQuerySchema,
  listCalloutsQuerySchema,
  replicateCalloutSchema,
  updateCalloutSchema,
} from "@cohort/common/callouts";
import { parseOr400 } from "../../http/parse.js";
import { sendSerialized } from "../../http/serialized.js";
import {
  createCallout,
  deleteCallout,
  getCallout,
  listCallouts,
  publicCalloutJson,
  publicCalloutListJson,
  replicateCallout,
  updateCallout,
} from "./service.js";

/** A callout is addressed by its UUID or its slug. */
export const calloutParams = z.object({ id: z.string().min(1).max(200) });

export const calloutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/callout",
    {
      config: { access: "public", errors: { 400: ["invalid-rule"] } },
      schema: { querystring: listCalloutsQuerySchema, response: { 200: calloutListSchema } },
    },
    async (request, reply) =>
      request.identity.method === "none"
        ? sendSerialized(reply, await publicCalloutListJson(request.ctx, request.query))
        : listCallouts(request.ctx, request.identity, request.query),
  );

  app.post(
    "/callout",
    {
      config: { access: "admin", errors: { 400: ["duplicate-id", "map-basemap-missing"], 404: ["not-found"] } },
      schema: {
        querystring: createCalloutQuerySchema,
        // With ?fromId= the body is a partial update of the copy, so both shapes are accepted here
        // and checked below.
        body: z.unknown(),
        response: { 200: calloutSchema },
      },
    },
    async (request) => {
      const { fromId } = request.query;
      if (fromId) return replicateCallout(request.ctx, fromId, parseOr400(replicateCalloutSchema, request.body ?? {}));
      return createCallout(request.ctx, parseOr400(createCalloutSchema, request.body));
    },
  );

  app.get(
    "/callout/:id",
    {
      config: { access: "public", errors: { 404: ["not-found", "variant-not-found"] } },
      schema: { params: calloutParams, querystring: getCalloutQuerySchema, response: { 200: calloutSchema } },
    },
    async (request, reply) =>
      request.identity.method === "none"
        ? sendSerialized(reply, await publicCalloutJson(request.ctx, request.params.id, request.query))
        : getCallout(request.ctx, request.identity, request.params.id, request.query),
  );

  app.patch(
    "/callout/:id",
    {
      config: { access: "admin", errors: { 400: ["duplicate-id", "map-basemap-missing"], 404: ["not-found"] } },
      schema: { params: calloutParams, body: updateCalloutSchema, response: { 200: calloutSchema } },
    },
    async (request) => updateCallout(request.ctx, request.params.id, request.body),
  );

  app.delete(
    "/callout/:id",
    { config: { access: "admin", errors: { 404: ["not-found"] } }, schema: { params: calloutParams } },
    async (request, reply) => {
      await deleteCallout(request.ctx, request.params.id);
      return reply.status(204).send();
    },
  );
};
