import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sampleDataSummarySchema, setupSchema, setupStatusSchema } from "@cohort/common/setup";
import { setSessionCookie } from "../../http/auth.js";
import { startSession } from "../auth/service.js";
import { completeSetup, isSetupRequired, removeSampleData, sampleDataSummary } from "./service.js";

export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/setup",
    { config: { access: "public" }, schema: { response: { 200: setupStatusSchema } } },
    async (request) => ({ required: await isSetupRequired(request.ctx) }),
  );

  app.post("/setup", { config: { access: "public" }, schema: { body: setupSchema } }, async (request, reply) => {
    const contactId = await completeSetup(request.ctx, request.body);
    const session = await startSession(request.ctx, contactId);
    setSessionCookie(request, reply, session.token, session.expiresAt);
    return reply.status(204).send();
  });

  /** What "Remove sample data" would delete, so the confirmation can say so. */
  app.get(
    "/setup/sample-data",
    { config: { access: "admin" }, schema: { response: { 200: sampleDataSummarySchema } } },
    async (request) => sampleDataSummary(request.ctx),
  );

  app.delete(
    "/setup/sample-data",
    { config: { access: "admin" }, schema: { response: { 200: sampleDataSummarySchema } } },
    async (request) => removeSampleData(request.ctx),
  );
};
