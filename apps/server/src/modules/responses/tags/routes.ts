import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  calloutTagSchema,
  createCalloutTagSchema,
  listCalloutTagsQuerySchema,
  updateCalloutTagSchema,
} from "@cohort/common/callouts";
import { calloutParams } from "../route-params.js";
import { createTag, deleteTag, getTag, listTags, updateTag } from "./service.js";

const tagParams = z.object({ id: z.string().min(1).max(200), tagId: z.string().max(100) });

/** The tags staff give a callout's responses. */
export const responseTagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/callout/:id/tags",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: {
        params: calloutParams,
        querystring: listCalloutTagsQuerySchema,
        response: { 200: z.array(calloutTagSchema) },
      },
    },
    async (request) => listTags(request.ctx, request.identity, request.params.id, request.query),
  );

  app.post(
    "/callout/:id/tags",
    {
      config: { access: "user", errors: { 400: ["duplicate-tag-name"], 404: ["not-found"] } },
      schema: { params: calloutParams, body: createCalloutTagSchema, response: { 200: calloutTagSchema } },
    },
    async (request) => createTag(request.ctx, request.identity, request.params.id, request.body),
  );

  app.get(
    "/callout/:id/tags/:tagId",
    {
      config: { access: "user", errors: { 404: ["not-found"] } },
      schema: { params: tagParams, response: { 200: calloutTagSchema } },
    },
    async (request) => getTag(request.ctx, request.identity, request.params.id, request.params.tagId),
  );

  app.patch(
    "/callout/:id/tags/:tagId",
    {
      config: { access: "user", errors: { 400: ["duplicate-tag-name"], 404: ["not-found"] } },
      schema: { params: tagParams, body: updateCalloutTagSchema, response: { 200: calloutTagSchema } },
    },
    async (request) => updateTag(request.ctx, request.identity, request.params.id, request.params.tagId, request.body),
  );

  app.delete(
    "/callout/:id/tags/:tagId",
    { config: { access: "user", errors: { 404: ["not-found"] } }, schema: { params: tagParams } },
    async (request, reply) => {
      await deleteTag(request.ctx, request.identity, request.params.id, request.params.tagId);
      return reply.status(204).send();
    },
  );
};
