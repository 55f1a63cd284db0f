import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { emailSchema, mfaTypes, passwordSchema } from "@cohort/common/auth";
import { returnUrlSchema } from "@cohort/common/contributions";
import { emailSendingLimits } from "../../http/rate-limits.js";
import { logIn } from "../auth/log-in.js";
import { confirmEmailChange } from "./email-change-service.js";
import { completeDeviceReset, completePasswordReset, requestDeviceReset, requestPasswordReset } from "./service.js";

const params = z.object({ id: z.uuid({ version: "v4", message: "The reset link id must be a UUID" }) });
const linkParams = z.object({ id: z.uuid({ version: "v4", message: "The link id must be a UUID" }) });

const requestBody = z.object({ email: emailSchema, resetUrl: returnUrlSchema }).strict();
const passwordResetBody = z.object({ password: passwordSchema, token: z.string().trim().optional() }).strict();
const deviceRequestBody = requestBody.extend({ type: z.enum(mfaTypes) }).strict();
const deviceResetBody = z
  .object({ password: z.string().min(1, { message: "Password is required" }), type: z.enum(mfaTypes) })
  .strict();

export const resetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/reset-password",
    {
      config: { access: "public", errors: { 400: ["untrusted-url"] } },
      preHandler: emailSendingLimits("reset-password"),
      schema: { body: requestBody },
    },
    async (request, reply) => {
      await requestPasswordReset(request.ctx, request.body);
      return reply.status(204).send();
    },
  );

  app.put(
    "/reset-password/:id",
    {
      config: {
        access: "public",
        errors: {
          400: ["mfa-token-required", "wrong-type"],
          401: ["account-locked", "invalid-token", "token-already-used"],
          404: ["not-found"],
        },
      },
      schema: { params, body: passwordResetBody },
    },
    async (request, reply) => {
      const contactId = await completePasswordReset(request.ctx, request.params.id, request.body, request.ip);
      await logIn(request, reply, contactId);
      return reply.status(204).send();
    },
  );

  app.post(
    "/reset-device",
    {
      config: { access: "public", errors: { 400: ["untrusted-url"] } },
      preHandler: emailSendingLimits("reset-device"),
      schema: { body: deviceRequestBody },
    },
    async (request, reply) => {
      await requestDeviceReset(request.ctx, request.body);
      return reply.status(204).send();
    },
  );

  app.put(
    "/reset-device/:id",
    {
      config: {
        access: "public",
        errors: {
          400: ["wrong-type"],
          401: ["account-locked", "invalid-token", "login-failed", "token-already-used"],
          404: ["not-found"],
        },
      },
      schema: { params, body: deviceResetBody },
    },
    async (request, reply) => {
      const contactId = await completeDeviceReset(request.ctx, request.params.id, request.body, request.ip);
      await logIn(request, reply, contactId);
      return reply.status(204).send();
    },
  );

  // The link from an email-change confirmation; opening it is the proof (decision 017).
  app.put(
    "/email-change/:id",
    {
      config: { access: "public", errors: { 400: ["duplicate-email"], 404: ["not-found"] } },
      schema: { params: linkParams },
    },
    async (request, reply) => {
      await confirmEmailChange(request.ctx, request.params.id);
      return reply.status(204).send();
    },
  );
};
