import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { confirmedGuestResponseSchema, confirmGuestResponseSchema } from "@cohort/common/callouts";
import { confirmGuestResponse } from "./service.js";

/** A guest confirming their response from the link they were emailed. */
export const confirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/callout/responses/confirm",
    {
      config: { access: "public", errors: { 400: ["invalid-callout-response"], 404: ["not-found"] } },
      schema: { body: confirmGuestResponseSchema, response: { 200: confirmedGuestResponseSchema } },
    },
    async (request) => confirmGuestResponse(request.ctx, request.body.token),
  );
};
