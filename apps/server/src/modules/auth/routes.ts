import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authInfoSchema, loginSchema } from "@cohort/common/auth";
import { clearSessionCookie } from "../../http/auth.js";
import { getContact } from "../contacts/service.js";
import { logIn } from "./log-in.js";
import { endSession, verifyLogin } from "./service.js";

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/auth/login",
    {
      config: {
        access: "public",
        errors: { 401: ["account-locked", "invalid-token", "login-failed", "requires-2fa", "token-already-used"] },
      },
      schema: { body: loginSchema.strict() },
    },
    async (request, reply) => {
      const contact = await verifyLogin(request.ctx, request.body, request.ip);
      await logIn(request, reply, contact.id);
      return reply.status(204).send();
    },
  );

  app.post("/auth/logout", { config: { access: "public", errors: {} } }, async (request, reply) => {
    const token = request.cookies[request.ctx.config.session.cookieName];
    if (token) await endSession(request.ctx, token);
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });

  app.get(
    "/auth/info",
    { config: { access: "public", errors: {} }, schema: { response: { 200: authInfoSchema } } },
    async (request) => {
      const { method, contact, roles } = request.identity;
      if (!contact) return { method, roles };
      const presented = await getContact(request.ctx, contact.id, { with: [], isAdminViewer: roles.includes("admin") });
      return { method, roles, contact: presented };
    },
  );
};
