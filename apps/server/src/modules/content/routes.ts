import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  generalContentSchema,
  joinContentSchema,
  joinSetupContentSchema,
  updateGeneralContentSchema,
  updateJoinContentSchema,
  updateJoinSetupContentSchema,
} from "@cohort/common/content";
import {
  getGeneralContent,
  getJoinContent,
  getJoinSetupContent,
  updateGeneralContent,
  updateJoinContent,
  updateJoinSetupContent,
} from "./service.js";

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

  app.get(
    "/content/join",
    { config: { access: "public" }, schema: { response: { 200: joinContentSchema } } },
    async (request) => getJoinContent(request.ctx),
  );
  app.patch(
    "/content/join",
    { config: { access: "admin" }, schema: { body: updateJoinContentSchema, response: { 200: joinContentSchema } } },
    async (request) => updateJoinContent(request.ctx, request.body),
  );

  app.get(
    "/content/join/setup",
    { config: { access: "public" }, schema: { response: { 200: joinSetupContentSchema } } },
    async (request) => getJoinSetupContent(request.ctx),
  );
  app.patch(
    "/content/join/setup",
    {
      config: { access: "admin" },
      schema: { body: updateJoinSetupContentSchema, response: { 200: joinSetupContentSchema } },
    },
    async (request) => updateJoinSetupContent(request.ctx, request.body),
  );
};
