import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  listPaymentsQuerySchema,
  paymentListSchema,
  paymentSchema,
  paymentTotalsQuerySchema,
  paymentTotalsSchema,
  paymentWithOptions,
} from "@cohort/common/payments";
import { withOptionsSchema } from "@cohort/common/http";
import { getPayment, listPayments, paymentTotals, receiveWebhook } from "./service.js";

/** Providers sign their webhooks over the exact bytes, so this scope keeps bodies raw. */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  app.post(
    "/webhook/:provider",
    {
      config: { access: "public", skipRequestedWith: true },
      schema: { params: z.object({ provider: z.string().max(40) }) },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const applied = await receiveWebhook(request.ctx, request.params.provider, body, request.headers);
      return reply.status(200).send({ received: applied });
    },
  );
};

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/payment",
    {
      // Members see their own payments, admins (an API key included) everyone's (decision 024).
      config: { access: "user" },
      schema: { querystring: listPaymentsQuerySchema, response: { 200: paymentListSchema } },
    },
    async (request) => listPayments(request.ctx, request.identity, request.query),
  );

  app.get(
    "/payment/totals",
    {
      config: { access: "admin" },
      schema: { querystring: paymentTotalsQuerySchema, response: { 200: paymentTotalsSchema } },
    },
    async (request) => paymentTotals(request.ctx, request.identity, request.query),
  );

  app.get(
    "/payment/:id",
    {
      config: { access: "user" },
      schema: {
        params: z.object({ id: z.uuid() }),
        querystring: z
          .object({ with: withOptionsSchema(paymentWithOptions), "with[]": withOptionsSchema(paymentWithOptions) })
          .strict(),
        response: { 200: paymentSchema },
      },
    },
    async (request) => {
      const withContact = [...request.query.with, ...request.query["with[]"]].includes("contact");
      return getPayment(request.ctx, request.identity, request.params.id, { withContact });
    },
  );

  app.get(
    "/contact/:id/payment",
    {
      config: { access: "user", contactParam: "read" },
      schema: {
        params: z.object({ id: z.string() }),
        querystring: listPaymentsQuerySchema,
        response: { 200: paymentListSchema },
      },
    },
    async (request) => listPayments(request.ctx, request.identity, request.query, request.contactId),
  );

  await app.register(webhookRoutes);
};
