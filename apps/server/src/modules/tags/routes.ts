import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  contactTagListItemSchema,
  contactTagSchema,
  createContactTagSchema,
  listContactTagsQuerySchema,
  updateContactTagSchema,
} from "@cohort/common/tags";
import { createContactTag, deleteContactTag, listContactTags, updateContactTag } from "./service.js";

const params = z.object({ id: z.uuid({ message: "The tag id must be a UUID" }) });

export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/contact-tags",
    {
      config: { access: "admin", errors: {} },
      schema: { querystring: listContactTagsQuerySchema, response: { 200: z.array(contactTagListItemSchema) } },
    },
    async (request) => listContactTags(request.ctx, request.query),
  );

  app.post(
    "/contact-tags",
    {
      config: { access: "admin", errors: { 400: ["duplicate-tag-name"] } },
      schema: { body: createContactTagSchema, response: { 200: contactTagSchema } },
    },
    async (request) => createContactTag(request.ctx, request.body),
  );

  app.patch(
    "/contact-tags/:id",
    {
      config: { access: "admin", errors: { 400: ["duplicate-tag-name"], 404: ["not-found"] } },
      schema: { params, body: updateContactTagSchema, response: { 200: contactTagSchema } },
    },
    async (request) => updateContactTag(request.ctx, request.params.id, request.body),
  );

  app.delete(
    "/contact-tags/:id",
    { config: { access: "admin", errors: { 404: ["not-found"] } }, schema: { params } },
    async (request, reply) => {
      await deleteContactTag(request.ctx, request.params.id);
      return reply.status(204).send();
    },
  );
};
