import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { completeFlowSchema, PAYMENT_FLOW_ID_MAX_LENGTH, paymentFlowParamsSchema } from "@cohort/common/contributions";
import { giftReceiptSchema, giftSchema } from "@cohort/common/gifts";
import { emailSendingLimits } from "../../http/rate-limits.js";
import { sendPdf } from "../../http/downloads.js";
import { completeGift, giftReceipt, startGift } from "./service.js";

/** One-time gifts (decision 068): public, like joining; the provider's flow id is what the giver holds. */
export const giftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/gift",
    {
      config: { access: "public", errors: { 400: ["untrusted-url"], 404: ["not-found"] } },
      // Counted like the calls that email an address: each gift starts a payment at the provider.
      preHandler: emailSendingLimits("gift"),
      schema: { body: giftSchema, response: { 200: paymentFlowParamsSchema } },
    },
    async (request) => startGift(request.ctx, request.body),
  );

  app.post(
    "/gift/complete",
    {
      config: { access: "public", errors: { 404: ["not-found"] } },
      schema: { body: completeFlowSchema, response: { 200: giftReceiptSchema } },
    },
    async (request) => completeGift(request.ctx, request.body),
  );

  app.get(
    "/gift/:paymentFlowId/receipt",
    {
      config: { access: "public", errors: { 404: ["not-found"] } },
      schema: { params: z.object({ paymentFlowId: z.string().min(1).max(PAYMENT_FLOW_ID_MAX_LENGTH) }) },
    },
    async (request, reply) => sendPdf(reply, await giftReceipt(request.ctx, request.params.paymentFlowId)),
  );
};
