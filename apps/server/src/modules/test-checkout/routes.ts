import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkoutOutcomes, recordCheckoutOutcome, renderCheckoutPage } from "./service.js";

const params = z.object({ flowId: z.uuid() });

/**
 * The built-in test provider's checkout page. The form post needs no
 * requested-with header: it only decides the outcome of a test flow, whose id
 * is the secret.
 */
export const testCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(
    "/test-checkout/:flowId",
    { config: { access: "public", errors: { 404: ["not-found"] } }, schema: { params } },
    async (request, reply) => {
      const html = await renderCheckoutPage(request.ctx, request.params.flowId);
      return reply
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .header(
          "content-security-policy",
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:",
        )
        .send(html);
    },
  );

  app.post(
    "/test-checkout/:flowId",
    {
      config: { access: "public", skipRequestedWith: true, errors: { 404: ["not-found"] } },
      schema: { params, body: z.object({ outcome: z.enum(checkoutOutcomes) }) },
    },
    async (request, reply) => {
      const location = await recordCheckoutOutcome(request.ctx, request.params.flowId, request.body.outcome);
      return reply.redirect(location, 303);
    },
  );
};
