import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { contactSessionListSchema, endedSessionsSchema } from "@cohort/common/auth";
import { clearSessionCookie } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { endOtherOwnSessions, endOwnSession, listOwnSessions } from "./own-sessions.js";

/**
 * The person and the session of the request. Only a logged-in person sees and
 * ends their own sessions: the path says `me`, so no one else's can be named,
 * and an API key (even one acting as a contact) is refused.
 */
function ownSession(request: FastifyRequest): { contactId: string; sessionId: string } {
  const { method, contact, sessionId } = request.identity;
  if (method !== "user" || !contact || !sessionId) {
    throw new AppError("forbidden", { status: 403, message: "Only a logged-in person can see their sessions." });
  }
  return { contactId: contact.id, sessionId };
}

/** Where people are logged in, and ending those logins (decision 051). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/contact/me/session",
    { config: { access: "contact", errors: {} }, schema: { response: { 200: contactSessionListSchema } } },
    async (request) => {
      const { contactId, sessionId } = ownSession(request);
      return listOwnSessions(request.ctx, contactId, sessionId);
    },
  );

  app.delete(
    "/contact/me/session",
    { config: { access: "contact", errors: {} }, schema: { response: { 200: endedSessionsSchema } } },
    async (request) => {
      const { contactId, sessionId } = ownSession(request);
      return { ended: await endOtherOwnSessions(request.ctx, contactId, sessionId) };
    },
  );

  app.delete(
    "/contact/me/session/:sessionId",
    {
      config: { access: "contact", errors: { 404: ["not-found"] } },
      schema: { params: z.object({ sessionId: z.uuid() }) },
    },
    async (request, reply) => {
      const { contactId, sessionId } = ownSession(request);
      const { wasCurrent } = await endOwnSession(request.ctx, contactId, request.params.sessionId, sessionId);
      if (wasCurrent) clearSessionCookie(request, reply);
      return reply.status(204).send();
    },
  );
};
