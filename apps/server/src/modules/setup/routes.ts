import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sampleDataSummarySchema, setupSchema, setupStatusSchema } from "@cohort/common/setup";
import { logIn } from "../auth/log-in.js";
import { addSampleData, completeSetup, isSetupRequired, removeSampleData, sampleDataSummary } from "./service.js";

export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/setup",
    { config: { access: "public", errors: {} }, schema: { response: { 200: setupStatusSchema } } },
    async (request) => ({ required: await isSetupRequired(request.ctx) }),
  );

  app.post(
    "/setup",
    {
      config: {
        access: "public",
        errors: { 400: ["duplicate-id", "map-basemap-missing"], 403: ["invalid-setup-token"], 409: ["setup-complete"] },
      },
      schema: { body: setupSchema },
    },
    async (request, reply) => {
      const contactId = await completeSetup(request.ctx, request.body);
      await logIn(request, reply, contactId);
      return reply.status(204).send();
    },
  );

  /** What "Remove sample data" would delete, so the confirmation can say so. */
  app.get(
    "/setup/sample-data",
    { config: { access: "admin", errors: {} }, schema: { response: { 200: sampleDataSummarySchema } } },
    async (request) => sampleDataSummary(request.ctx),
  );

  /** Loads the sample data again after it was removed (nothing while some is left); answers what is there. */
  app.post(
    "/setup/sample-data",
    {
      config: { access: "admin", errors: { 400: ["duplicate-id", "map-basemap-missing"] } },
      schema: { response: { 200: sampleDataSummarySchema } },
    },
    async (request) => addSampleData(request.ctx),
  );

  app.delete(
    "/setup/sample-data",
    { config: { access: "admin", errors: {} }, schema: { response: { 200: sampleDataSummarySchema } } },
    async (request) => removeSampleData(request.ctx),
  );
};
