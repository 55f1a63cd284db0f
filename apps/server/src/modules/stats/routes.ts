import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { statsQuerySchema, statsSchema } from "@cohort/common/stats";
import { getStats } from "./service.js";

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/stats",
    { config: { access: "admin" }, schema: { querystring: statsQuerySchema, response: { 200: statsSchema } } },
    async (request) => getStats(request.ctx, request.query),
  );
};
