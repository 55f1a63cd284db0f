import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiKeySchema, apiKeySortFields, createApiKeySchema, createdApiKeySchema } from "@cohort/common/api-keys";
import { IDENTITY_PROOF_ERRORS } from "@cohort/common/auth";
import { paginatedSchema, paginationQuerySchema } from "@cohort/common/http";
import { notAuthenticated } from "../../http/errors.js";
import { confirmIdentity } from "../auth/confirm-identity.js";
import { createApiKey, deleteApiKey, listApiKeys } from "./service.js";

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api-key",
    {
      config: { access: "admin", errors: {} },
      schema: {
        querystring: paginationQuerySchema.extend({ sort: z.enum(apiKeySortFields).default("createdAt") }).strict(),
        response: { 200: paginatedSchema(apiKeySchema) },
      },
    },
    async (request) => listApiKeys(request.ctx, request.query),
  );

  app.post(
    "/api-key",
    {
      config: { access: "admin", errors: { 400: IDENTITY_PROOF_ERRORS, 401: ["not-authenticated"] } },
      schema: { body: createApiKeySchema, response: { 200: createdApiKeySchema } },
    },
    async (request) => {
      // Keys are created by a person, never by another key, who proves it is them (decision 051).
      const { contact } = request.identity;
      if (request.identity.method !== "user" || !contact) throw notAuthenticated();
      const { currentPassword, token, ...key } = request.body;
      await confirmIdentity(request.ctx, contact, { currentPassword, token }, request.ip);
      return { token: await createApiKey(request.ctx, contact.id, key) };
    },
  );

  app.delete(
    "/api-key/:id",
    { config: { access: "admin", errors: { 404: ["not-found"] } }, schema: { params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      await deleteApiKey(request.ctx, request.params.id);
      return reply.status(204).send();
    },
  );
};
