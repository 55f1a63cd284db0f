import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { exportCalloutResponsesQuerySchema } from "@cohort/common/callouts";
import { sendCsv } from "../../../lib/csv.js";
import { calloutParams } from "../route-params.js";
import { exportResponses } from "./service.js";

/** A callout's responses as a CSV file, filtered like the inbox. */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/callout/:id/responses.csv",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: { params: calloutParams, querystring: exportCalloutResponsesQuerySchema },
    },
    async (request, reply) => {
      const exported = await exportResponses(request.ctx, request.identity, request.params.id, request.query.rules);
      return sendCsv(reply, exported.filename, exported.chunks);
    },
  );
};
