import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { generalContentSchema, updateGeneralContentSchema } from "@cohort/common/content";
import { getGeneralContent, updateGeneralContent } from "./service.js";

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/content/general",
    { config: { access: "public" }, schema: { response: { 200: generalContentSchema } } },
    async (request) => getGeneralContent(request.ctx),
  );

  app.patch(
    "/content/general",
    {
      config: { access: "admin" },
      schema: { body: updateGeneralContentSchema, response: { 200: generalContentSchema } },
    },
    async (request) => updateGeneralContent(request.ctx, request.body),
  );
};
