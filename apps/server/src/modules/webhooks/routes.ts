import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { paginatedSchema, paginationQuerySchema, sortOrders } from "@cohort/common/http";
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookSecretSchema,
} from "@cohort/common/webhooks";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhookEndpoint,
} from "./service.js";

const idParams = z.object({ id: z.string().max(100) });
const deliveryParams = z.object({ id: z.string().max(100), deliveryId: z.string().max(100) });
/** The delivery log, newest first unless `order=ASC`. */
const deliveryQuery = paginationQuerySchema.extend({ order: z.enum(sortOrders).default("DESC") }).strict();

/** Settings → Webhooks: signed webhooks out (decision 069). Admins only. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/webhook-endpoint",
    { config: { access: "admin", errors: {} }, schema: { response: { 200: z.array(webhookEndpointSchema) } } },
    async (request) => listWebhookEndpoints(request.ctx),
  );

  app.post(
    "/webhook-endpoint",
    {
      config: { access: "admin", errors: { 400: ["invalid-webhook-url"] } },
      schema: { body: createWebhookEndpointSchema, response: { 200: createdWebhookEndpointSchema } },
    },
    async (request) => createWebhookEndpoint(request.ctx, request.body),
  );

  app.get(
    "/webhook-endpoint/:id",
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: { params: idParams, response: { 200: webhookEndpointSchema } },
    },
    async (request) => getWebhookEndpoint(request.ctx, request.params.id),
  );

  app.patch(
    "/webhook-endpoint/:id",
    {
      config: { access: "admin", errors: { 400: ["invalid-webhook-url"], 404: ["not-found"] } },
      schema: { params: idParams, body: updateWebhookEndpointSchema, response: { 200: webhookEndpointSchema } },
    },
    async (request) => updateWebhookEndpoint(request.ctx, request.params.id, request.body),
  );

  app.delete(
    "/webhook-endpoint/:id",
    { config: { access: "admin", errors: { 404: ["not-found"] } }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteWebhookEndpoint(request.ctx, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/webhook-endpoint/:id/secret",
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: { params: idParams, response: { 200: webhookSecretSchema } },
    },
    async (request) => rotateWebhookSecret(request.ctx, request.params.id),
  );

  app.post(
    "/webhook-endpoint/:id/test",
    { config: { access: "admin", errors: { 404: ["not-found"] } }, schema: { params: idParams } },
    async (request, reply) => {
      await sendTestEvent(request.ctx, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/webhook-endpoint/:id/delivery",
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: {
        params: idParams,
        querystring: deliveryQuery,
        response: { 200: paginatedSchema(webhookDeliverySchema) },
      },
    },
    async (request) => listWebhookDeliveries(request.ctx, request.params.id, request.query),
  );

  app.post(
    "/webhook-endpoint/:id/delivery/:deliveryId/resend",
    { config: { access: "admin", errors: { 404: ["not-found"] } }, schema: { params: deliveryParams } },
    async (request, reply) => {
      await resendWebhookDelivery(request.ctx, request.params.id, request.params.deliveryId);
      return reply.status(204).send();
    },
  );
};
