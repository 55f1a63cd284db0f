import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { monthlyStatsQuerySchema, monthlyStatsSchema, statsQuerySchema, statsSchema } from "@cohort/common/stats";
import { getMonthlyStats, getStats } from "./service.js";

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/stats",
    { config: { access: "admin" }, schema: { querystring: statsQuerySchema, response: { 200: statsSchema } } },
    async (request) => getStats(request.ctx, request.query),
  );
  app.get(
    "/stats/monthly",
    {
      config: { access: "admin" },
      schema: { querystring: monthlyStatsQuerySchema, response: { 200: monthlyStatsSchema } },
    },
    async (request) => getMonthlyStats(request.ctx, request.query),
  );
};
