import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  contactMfaSchema,
  createContactMfaSchema,
  deleteContactMfaSchema,
  IDENTITY_PROOF_ERRORS,
} from "@cohort/common/auth";
import { disableMfa, enableMfa, getMfa } from "./mfa-service.js";

const params = z.object({ id: z.string() });

/** "me" needs a contact; another contact's id needs an admin, an API key included (decision 024). */
export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/contact/:id/mfa",
    {
      config: { access: "user", contactParam: "read", errors: {} },
      schema: { params, response: { 200: contactMfaSchema, 204: z.null().describe("No 2FA set up") } },
    },
    async (request, reply) => {
      const mfa = await getMfa(request.ctx, request.contactId);
      return mfa ?? reply.status(204).send(null);
    },
  );

  app.post(
    "/contact/:id/mfa",
    {
      config: {
        access: "user",
        contactParam: "manage",
        errors: { 400: ["invalid-token"], 409: ["mfa-already-enabled"] },
      },
      schema: { params, body: createContactMfaSchema },
    },
    async (request, reply) => {
      await enableMfa(request.ctx, request.contactId, request.body);
      return reply.status(201).send();
    },
  );

  app.delete(
    "/contact/:id/mfa",
    {
      config: { access: "user", contactParam: "manage", errors: { 400: IDENTITY_PROOF_ERRORS, 404: ["not-found"] } },
      schema: { params, body: deleteContactMfaSchema },
    },
    async (request, reply) => {
      await disableMfa(request.ctx, request.contactId, request.body, {
        isSelf: request.contactId === request.identity.contact?.id,
        address: request.ip,
      });
      return reply.status(201).send();
    },
  );
};
