import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  responseSummaryCsvQuerySchema,
  responseSummaryQuerySchema,
  responseSummarySchema,
} from "@cohort/common/callouts";
import { sendSerialized } from "../../../http/serialized.js";
import { sendCsv } from "../../../lib/csv.js";
import { calloutParams } from "../route-params.js";
import { summariseResponses, summaryCsv } from "./service.js";

/** What a callout's answers say, input by input, as JSON or as a CSV file. */
export const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/callout/:id/responses/summary",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: {
        params: calloutParams,
        querystring: responseSummaryQuerySchema,
        response: { 200: responseSummarySchema },
      },
    },
    async (request, reply) => {
      const summary = await summariseResponses(request.ctx, request.identity, request.params.id, request.query.rules);
      return sendSerialized(reply, summary.json);
    },
  );

  app.get(
    "/callout/:id/responses/summary.csv",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: { params: calloutParams, querystring: responseSummaryCsvQuerySchema },
    },
    async (request, reply) => {
      const exported = await summaryCsv(request.ctx, request.identity, request.params.id, request.query);
      return sendCsv(reply, exported.filename, exported.chunks);
    },
  );
};
