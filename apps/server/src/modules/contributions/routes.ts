import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contributionInfoSchema } from "@cohort/common/payments";
import {
  cancelContributionSchema,
  completeFlowSchema,
  pauseContributionSchema,
  forceContributionSchema,
  paymentFlowParamsSchema,
  paymentMethodUpdateSchema,
} from "@cohort/common/contributions";
import {
  cancelContribution,
  completeContribution,
  completePaymentMethodUpdate,
  forceContribution,
  getContributionInfo,
  startContribution,
  startPaymentMethodUpdate,
  updateContribution,
} from "./manage-service.js";
import { pauseContribution } from "./pause-service.js";
import { jsonObjectBody, parseContributionInput, parseContributionUpdate } from "./rules.js";

/**
 * `{id}` is `me` or a contact UUID: the caller themselves, or anyone for
 * admins; changes only to contacts that do not outrank the caller.
 */
const params = z.object({ id: z.string() });
const info = { 200: contributionInfoSchema };
const flowParams = { 200: paymentFlowParamsSchema };

/**
 * "me" needs a contact; another contact's id needs an admin, an API key
 * without X-Contact-Id included, who may manage that contact (decisions 017 and 024).
 */
export const contributionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/contact/:id/contribution",
    {
      config: { access: "user", contactParam: "read", errors: { 404: ["not-found"] } },
      schema: { params, response: info },
    },
    async (request) => getContributionInfo(request.ctx, request.contactId),
  );

  app.patch(
    "/contact/:id/contribution",
    {
      config: {
        access: "user",
        contactParam: "manage",
        errors: { 400: ["cant-update-contribution"], 404: ["not-found"] },
      },
      schema: { params, body: jsonObjectBody, response: info },
    },
    async (request) => {
      return updateContribution(
        request.ctx,
        request.contactId,
        await parseContributionUpdate(request.ctx, request.body),
      );
    },
  );

  app.post(
    "/contact/:id/contribution",
    {
      config: {
        access: "user",
        contactParam: "manage",
        errors: { 400: ["cant-update-contribution", "untrusted-url"], 404: ["not-found"] },
      },
      schema: { params, body: jsonObjectBody, response: flowParams },
    },
    async (request) => {
      return startContribution(request.ctx, request.contactId, await parseContributionInput(request.ctx, request.body));
    },
  );

  app.post(
    "/contact/:id/contribution/complete",
    {
      config: {
        access: "user",
        contactParam: "manage",
        errors: { 400: ["cant-update-contribution"], 404: ["not-found"] },
      },
      schema: { params, body: completeFlowSchema, response: info },
    },
    async (request) => completeContribution(request.ctx, request.contactId, request.body),
  );

  app.post(
    "/contact/:id/contribution/cancel",
    // The reference product's clients send no body; a reason comes with ours.
    {
      config: {
        access: "user",
        contactParam: "manage",
        errors: { 400: ["cant-update-contribution"], 404: ["not-found"] },
      },
      schema: { params, body: cancelContributionSchema.nullish() },
    },
    async (request, reply) => {
      await cancelContribution(request.ctx, request.contactId, request.body ?? {});
      return reply.status(204).send();
    },
  );

  /** Skips the next 1–3 monthly payments instead of cancelling (decision 067). */
  app.post(
    "/contact/:id/contribution/pause",
    {
      config: {
        access: "user",
        contactParam: "manage",
        errors: { 400: ["cant-update-contribution"], 404: ["not-found"] },
      },
      schema: { params, body: pauseContributionSchema, response: info },
    },
    async (request) => {
      await pauseContribution(request.ctx, request.contactId, request.body);
      return getContributionInfo(request.ctx, request.contactId);
    },
  );

  app.patch(
    "/contact/:id/contribution/force",
    {
      config: {
        access: "admin",
        contactParam: "manage",
        errors: { 400: ["cant-update-contribution"], 401: ["not-authenticated"], 404: ["not-found"] },
      },
      schema: { params: z.object({ id: z.uuid() }), body: forceContributionSchema, response: info },
    },
    async (request) => {
      return forceContribution(request.ctx, request.contactId, request.body);
    },
  );

  app.put(
    "/contact/:id/payment-method",
    {
      config: {
        access: "user",
        contactParam: "manage",
        errors: { 400: ["cant-update-contribution", "no-payment-method", "untrusted-url"], 404: ["not-found"] },
      },
      schema: { params, body: paymentMethodUpdateSchema, response: flowParams },
    },
    async (request) => startPaymentMethodUpdate(request.ctx, request.contactId, request.body),
  );

  app.post(
    "/contact/:id/payment-method/complete",
    {
      config: {
        access: "user",
        contactParam: "manage",
        errors: { 400: ["cant-update-contribution"], 404: ["not-found"] },
      },
      schema: { params, body: completeFlowSchema, response: info },
    },
    async (request) => completePaymentMethodUpdate(request.ctx, request.contactId, request.body),
  );
};
