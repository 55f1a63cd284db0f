import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { activityListSchema, listActivityQuerySchema } from "@cohort/common/activity";
import { listActivity } from "./service.js";

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/activity",
    {
      config: { access: "admin", errors: {} },
      schema: { querystring: listActivityQuerySchema, response: { 200: activityListSchema } },
    },
    async (request) => listActivity(request.ctx, request.identity, request.query),
  );
};
