import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { calloutNotificationsSchema, updateCalloutNotificationsSchema } from "@cohort/common/callouts";
import { getNotifications, updateNotifications } from "./service.js";

const params = z.object({ id: z.string().min(1).max(200) });

/** Who on the staff hears about a callout's responses (admins only). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/callout/:id/notifications",
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: { params, response: { 200: calloutNotificationsSchema } },
    },
    async (request) => getNotifications(request.ctx, request.params.id),
  );

  app.put(
    "/callout/:id/notifications",
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: { params, body: updateCalloutNotificationsSchema, response: { 200: calloutNotificationsSchema } },
    },
    async (request) => updateNotifications(request.ctx, request.params.id, request.body),
  );
};
