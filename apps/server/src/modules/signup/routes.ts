import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contactSchema } from "@cohort/common/contacts";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER, idempotencyHeadersSchema } from "@cohort/common/http";
import { confirmEmailSchema, paymentFlowParamsSchema, signupCompleteSchema } from "@cohort/common/contributions";
import { emailSendingLimits } from "../../http/rate-limits.js";
import { jsonObjectBody, parseSignup } from "../contributions/rules.js";
import { logIn } from "../auth/log-in.js";
import { completeSignup, confirmEmail, presentJoinedContact, resendConfirmation, signup } from "./service.js";

export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/signup",
    {
      config: { access: "public", errors: { 400: ["untrusted-url"], 422: ["idempotency-key-reused"] } },
      preHandler: emailSendingLimits("signup"),
      schema: {
        headers: idempotencyHeadersSchema,
        body: jsonObjectBody,
        response: { 200: paymentFlowParamsSchema, 204: z.null().describe("Free membership: confirmation sent") },
      },
    },
    async (request, reply) => {
      const answer = await signup(request.ctx, await parseSignup(request.ctx, request.body), {
        identity: request.identity,
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
      });
      if (answer.isReplay) reply.header(IDEMPOTENT_REPLAY_HEADER, "true");
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.post(
    "/signup/complete",
    { config: { access: "public", errors: { 404: ["not-found"] } }, schema: { body: signupCompleteSchema } },
    async (request, reply) => {
      await completeSignup(request.ctx, request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    "/signup/confirm-email/resend",
    {
      config: { access: "public", errors: { 404: ["not-found"] } },
      preHandler: emailSendingLimits("signup"),
      schema: { body: confirmEmailSchema, response: { 204: z.null().describe("A new link was sent") } },
    },
    async (request, reply) => {
      await resendConfirmation(request.ctx, request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/signup/confirm-email",
    {
      config: {
        access: "public",
        errors: { 400: ["cant-update-contribution", "duplicate-email"], 404: ["not-found"] },
      },
      schema: {
        body: confirmEmailSchema,
        response: {
          200: contactSchema,
          202: z.null().describe("Joined; the account asks for its own login (a second factor, or staff rights)"),
        },
      },
    },
    async (request, reply) => {
      const { contactId, logsIn } = await confirmEmail(request.ctx, request.body);
      if (!logsIn) return reply.status(202).send(null);
      await logIn(request, reply, contactId);
      return presentJoinedContact(request.ctx, contactId);
    },
  );
};
