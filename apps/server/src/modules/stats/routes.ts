import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cancellationReasonStatsSchema,
  contributionBandsSchema,
  conversionStatsQuerySchema,
  conversionStatsSchema,
  latestResponsesQuerySchema,
  latestResponsesSchema,
  monthlyStatsQuerySchema,
  monthlyStatsSchema,
  statsQuerySchema,
  statsSchema,
} from "@cohort/common/stats";
import {
  getCancellationReasons,
  getContributionBands,
  getConversions,
  getLatestResponses,
  getMonthlyStats,
  getStats,
} from "./service.js";

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/stats",
    {
      config: { access: "admin", errors: {} },
      schema: { querystring: statsQuerySchema, response: { 200: statsSchema } },
    },
    async (request) => getStats(request.ctx, request.query),
  );
  app.get(
    "/stats/monthly",
    {
      config: { access: "admin", errors: {} },
      schema: { querystring: monthlyStatsQuerySchema, response: { 200: monthlyStatsSchema } },
    },
    async (request) => getMonthlyStats(request.ctx, request.query),
  );
  app.get(
    "/stats/cancellation-reasons",
    {
      config: { access: "admin", errors: {} },
      schema: { querystring: statsQuerySchema, response: { 200: cancellationReasonStatsSchema } },
    },
    async (request) => getCancellationReasons(request.ctx, request.query),
  );
  app.get(
    "/stats/callout-conversions",
    {
      config: { access: "admin", errors: {} },
      schema: { querystring: conversionStatsQuerySchema, response: { 200: conversionStatsSchema } },
    },
    async (request) => getConversions(request.ctx, request.query),
  );
  app.get(
    "/stats/bands",
    { config: { access: "admin", errors: {} }, schema: { response: { 200: contributionBandsSchema } } },
    async (request) => getContributionBands(request.ctx),
  );
  app.get(
    "/stats/responses",
    {
      config: { access: "admin", errors: {} },
      schema: { querystring: latestResponsesQuerySchema, response: { 200: latestResponsesSchema } },
    },
    async (request) => getLatestResponses(request.ctx, request.query),
  );
};
