import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { calloutFunnelQuerySchema, calloutFunnelReportSchema, calloutFunnelSchema } from "@cohort/common/callouts";
import { funnelReportLimits } from "../../../http/rate-limits.js";
import { calloutParams } from "../route-params.js";
import { calloutFunnel, reportFunnelStage } from "./service.js";

/** How far visitors get through a callout's form: the stages they report, and the funnel staff read. */
export const funnelRoutes: FastifyPluginAsyncZod = async (app) => {
  // A stage of one visit to the form, for the funnel of its summary (decision 073): counted, nothing kept of the caller.
  app.post(
    "/callout/:id/responses/funnel",
    {
      config: { access: "public", errors: { 400: ["invalid-callout-response"], 404: ["not-found"] } },
      preHandler: funnelReportLimits,
      schema: { params: calloutParams, body: calloutFunnelReportSchema },
    },
    async (request, reply) => {
      await reportFunnelStage(request.ctx, request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    "/callout/:id/responses/funnel",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: {
        params: calloutParams,
        querystring: calloutFunnelQuerySchema,
        response: { 200: calloutFunnelSchema },
      },
    },
    async (request) => calloutFunnel(request.ctx, request.identity, request.params.id, request.query.rules),
  );
};
