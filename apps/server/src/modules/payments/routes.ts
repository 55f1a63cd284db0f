import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  exportPaymentsQuerySchema,
  listPaymentsQuerySchema,
  paymentListSchema,
  paymentSchema,
  paymentTotalsQuerySchema,
  paymentTotalsSchema,
  paymentWithOptions,
} from "@cohort/common/payments";
import { withOptionsSchema } from "@cohort/common/http";
import { csvStream, sendCsv } from "../../lib/csv.js";
import { sendPdf } from "../../http/downloads.js";
import { paymentReceipt, yearlyReceipt } from "../receipts/service.js";
import {
  exportPaymentRows,
  getPayment,
  listPayments,
  paymentCsvHeader,
  paymentTotals,
  receiveWebhook,
} from "./service.js";

/** Providers sign their webhooks over the exact bytes, so this scope keeps bodies raw. */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  app.post(
    "/webhook/:provider",
    {
      config: { access: "public", skipRequestedWith: true, errors: { 404: ["not-found"] } },
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
      config: { access: "user", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: { querystring: listPaymentsQuerySchema, response: { 200: paymentListSchema } },
    },
    async (request) => listPayments(request.ctx, request.identity, request.query),
  );

  app.get(
    "/payment.csv",
    {
      config: { access: "admin", errors: { 400: ["invalid-rule"] } },
      schema: { querystring: exportPaymentsQuerySchema },
    },
    async (request, reply) => {
      const rows = exportPaymentRows(request.ctx, request.identity, request.query);
      const filename = `payments-${request.ctx.clock.now().toISOString().replace(/[:.]/g, "-")}.csv`;
      return sendCsv(reply, filename, csvStream(paymentCsvHeader, rows));
    },
  );

  app.get(
    "/payment/totals",
    {
      config: { access: "admin", errors: { 400: ["invalid-rule"] } },
      schema: { querystring: paymentTotalsQuerySchema, response: { 200: paymentTotalsSchema } },
    },
    async (request) => paymentTotals(request.ctx, request.identity, request.query),
  );

  app.get(
    "/payment/:id",
    {
      config: { access: "user", errors: { 404: ["not-found"] } },
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
      config: { access: "user", contactParam: "read", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: {
        params: z.object({ id: z.string() }),
        querystring: listPaymentsQuerySchema,
        response: { 200: paymentListSchema },
      },
    },
    async (request) => listPayments(request.ctx, request.identity, request.query, request.contactId),
  );

  // Receipts: a member their own (`me`), an admin anyone's. Another's payment is a 404, never a 403.
  app.get(
    "/contact/:id/payment/:paymentId/receipt",
    {
      config: { access: "user", contactParam: "read", errors: { 404: ["not-found"] } },
      schema: { params: z.object({ id: z.string(), paymentId: z.uuid() }) },
    },
    async (request, reply) => {
      const receipt = await paymentReceipt(request.ctx, request.contactId, request.params.paymentId);
      return sendPdf(reply, receipt);
    },
  );

  app.get(
    "/contact/:id/payment/receipts/:year",
    {
      config: { access: "user", contactParam: "read", errors: { 404: ["not-found"] } },
      schema: { params: z.object({ id: z.string(), year: z.string().regex(/^\d{4}$/) }) },
    },
    async (request, reply) => {
      const receipt = await yearlyReceipt(request.ctx, request.contactId, Number(request.params.year));
      return sendPdf(reply, receipt);
    },
  );

  await app.register(webhookRoutes);
};
