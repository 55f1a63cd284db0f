import type { FastifyReply, FastifyRequest } from "fastify";
import { setSessionCookie } from "../../http/auth.js";
import { endSession, rememberClient, startSession } from "./service.js";

/**
 * Replaces whatever session the browser had with a new one for the contact:
 * after a login, a password or device reset, a confirmed join or the setup.
 * The client's address becomes known to the account (decision 050).
 */
export async function logIn(request: FastifyRequest, reply: FastifyReply, contactId: string): Promise<void> {
  const previous = request.cookies[request.ctx.config.session.cookieName];
  if (previous) await endSession(request.ctx, previous);
  const session = await startSession(request.ctx, contactId, {
    userAgent: request.headers["user-agent"],
    address: request.ip,
  });
  await rememberClient(request.ctx, contactId, request.ip);
  setSessionCookie(request, reply, session.token, session.expiresAt);
}
