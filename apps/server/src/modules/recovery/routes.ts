import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { completeFlowSchema, paymentFlowParamsSchema, paymentMethodUpdateSchema } from "@cohort/common/contributions";
import {
  paymentEpisodeListSchema,
  paymentEpisodeSchema,
  paymentUpdateLinkSchema,
  recoveryStatsSchema,
} from "@cohort/common/recovery";
import { monthlyStatsQuerySchema } from "@cohort/common/stats";
import { completeLinkUpdate, getUpdateLink, listEpisodes, recoveryStats, startLinkUpdate } from "./service.js";

const linkParams = z.object({ id: z.uuid({ message: "The link id must be a UUID" }) });

/**
 * Failed renewals (decision 066): the update-payment link, public because its
 * id is the secret (random, single use, gone when its grace period ends);
 * a contact's episodes for themselves and admins; and the monthly figures.
 */
export const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/payment-update/:id",
    {
      config: { access: "public", errors: { 404: ["not-found"] } },
      schema: { params: linkParams, response: { 200: paymentUpdateLinkSchema } },
    },
    async (request) => getUpdateLink(request.ctx, request.params.id),
  );

  app.put(
    "/payment-update/:id",
    {
      config: {
        access: "public",
        errors: { 400: ["cant-update-contribution", "no-payment-method", "untrusted-url"], 404: ["not-found"] },
      },
      schema: { params: linkParams, body: paymentMethodUpdateSchema, response: { 200: paymentFlowParamsSchema } },
    },
    async (request) => startLinkUpdate(request.ctx, request.params.id, request.body),
  );

  app.post(
    "/payment-update/:id/complete",
    {
      config: { access: "public", errors: { 400: ["cant-update-contribution"], 404: ["not-found"] } },
      schema: { params: linkParams, body: completeFlowSchema, response: { 200: paymentEpisodeSchema } },
    },
    async (request) => completeLinkUpdate(request.ctx, request.params.id, request.body),
  );

  app.get(
    "/contact/:id/payment-episodes",
    {
      config: { access: "user", contactParam: "read", errors: {} },
      schema: { params: z.object({ id: z.string() }), response: { 200: paymentEpisodeListSchema } },
    },
    async (request) => listEpisodes(request.ctx, request.contactId),
  );

  app.get(
    "/stats/recovery",
    {
      config: { access: "admin", errors: {} },
      schema: { querystring: monthlyStatsQuerySchema, response: { 200: recoveryStatsSchema } },
    },
    async (request) => recoveryStats(request.ctx, request.query),
  );
};
