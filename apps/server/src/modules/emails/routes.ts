import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  emailLocaleQuerySchema,
  emailTemplateSchema,
  outboxEmailDetailSchema,
  outboxEmailSchema,
  outboxQuerySchema,
  updateEmailTemplateSchema,
} from "@cohort/common/emails";
import { paginatedSchema } from "@cohort/common/http";
import {
  getEmailTemplate,
  getOutboxEmail,
  listOutboxEmails,
  resetEmailTemplate,
  saveEmailTemplate,
} from "./service.js";

const idParams = z.object({ id: z.string() });

/** Email templates (`/email/:id`, per locale) and the outbox of everything sent. Admins only. */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/email/:id",
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: { params: idParams, querystring: emailLocaleQuerySchema, response: { 200: emailTemplateSchema } },
    },
    async (request) => getEmailTemplate(request.ctx, request.params.id, request.query.locale),
  );

  app.put(
    "/email/:id",
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: {
        params: idParams,
        querystring: emailLocaleQuerySchema,
        body: updateEmailTemplateSchema,
        response: { 200: emailTemplateSchema },
      },
    },
    async (request) => saveEmailTemplate(request.ctx, request.params.id, request.query.locale, request.body),
  );

  app.delete(
    "/email/:id",
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: { params: idParams, querystring: emailLocaleQuerySchema, response: { 200: emailTemplateSchema } },
    },
    async (request) => resetEmailTemplate(request.ctx, request.params.id, request.query.locale),
  );

  app.get(
    "/email-outbox",
    {
      config: { access: "admin", errors: {} },
      schema: { querystring: outboxQuerySchema, response: { 200: paginatedSchema(outboxEmailSchema) } },
    },
    async (request) => listOutboxEmails(request.ctx, request.query),
  );

  app.get(
    "/email-outbox/:id",
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: { params: idParams, response: { 200: outboxEmailDetailSchema } },
    },
    async (request) => getOutboxEmail(request.ctx, request.params.id),
  );
};
