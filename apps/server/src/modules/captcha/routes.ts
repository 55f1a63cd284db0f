import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createCaptchaChallenge } from "./service.js";

export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/captcha/challenge", { config: { access: "public", errors: {} } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return createCaptchaChallenge(request.ctx);
  });
};
