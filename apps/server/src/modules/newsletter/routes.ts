import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  newsletterConnectionTestSchema,
  newsletterReconciliationAnswerSchema,
  newsletterSettingsSchema,
  updateNewsletterSettingsSchema,
} from "@cohort/common/newsletter";
import {
  checkWebhookAddress,
  getNewsletterSettings,
  latestNewsletterReconciliation,
  receiveNewsletterWebhook,
  startNewsletterReconciliation,
  testNewsletterConnection,
  updateNewsletterSettings,
} from "./service.js";

const webhookParams = z.object({ secret: z.string().min(1).max(200) });

/** Settings → Newsletter, the member's own choice, and the provider's webhooks (decision 061). */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/newsletter/settings",
    { config: { access: "admin", errors: {} }, schema: { response: { 200: newsletterSettingsSchema } } },
    async (request) => getNewsletterSettings(request.ctx, request.identity),
  );

  app.patch(
    "/newsletter/settings",
    {
      config: { access: "admin", errors: {} },
      schema: { body: updateNewsletterSettingsSchema, response: { 200: newsletterSettingsSchema } },
    },
    async (request) => updateNewsletterSettings(request.ctx, request.identity, request.body),
  );

  app.post(
    "/newsletter/settings/test",
    { config: { access: "admin", errors: {} }, schema: { response: { 200: newsletterConnectionTestSchema } } },
    async (request) => testNewsletterConnection(request.ctx),
  );

  const reconciliation = { response: { 200: newsletterReconciliationAnswerSchema } };
  app.get(
    "/newsletter/reconciliation",
    { config: { access: "admin", errors: {} }, schema: reconciliation },
    async (request) => ({ reconciliation: await latestNewsletterReconciliation(request.ctx) }),
  );

  app.post(
    "/newsletter/reconciliation",
    { config: { access: "admin", errors: { 409: ["newsletter-not-configured"] } }, schema: reconciliation },
    async (request) => ({ reconciliation: (await startNewsletterReconciliation(request.ctx)).reconciliation }),
  );

  // The provider posts form fields, with no requested-with header; the secret in the address proves it.
  await app.register(async (plugin) => {
    const hooks = plugin.withTypeProvider<ZodTypeProvider>();
    hooks.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    hooks.get(
      "/newsletter/webhook/:secret",
      { config: { access: "public", skipRequestedWith: true, errors: {} }, schema: { params: webhookParams } },
      async (request) => {
        await checkWebhookAddress(request.ctx, request.params.secret);
        return { ok: true };
      },
    );
    hooks.post(
      "/newsletter/webhook/:secret",
      { config: { access: "public", skipRequestedWith: true, errors: {} }, schema: { params: webhookParams } },
      async (request) => {
        const body = request.body;
        const fields =
          body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
        return receiveNewsletterWebhook(request.ctx, request.params.secret, fields);
      },
    );
  });
};
