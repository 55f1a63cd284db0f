import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { API_PREFIX, VERSION_HEADER } from "@cohort/common/http";
import type { Config } from "./config.js";
import type { AppContext, Clock } from "./context.js";
import { newUuid, realSleep, systemClock } from "./context.js";
import { AltchaCaptchaProvider } from "./providers/captcha/altcha.js";
import type { CaptchaProvider } from "./providers/captcha/index.js";
import { createStorageProvider, type StorageProvider } from "./providers/storage/index.js";
import { createEmailProvider, type EmailProvider } from "./providers/email/index.js";
import type { Db } from "./db/client.js";
import { authPlugin, type RouteAccess } from "./http/auth.js";
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from "./http/errors.js";
import { registerInputGuard } from "./http/input-guard.js";
import { startCacheInvalidation } from "./lib/read-cache.js";
import { registerJsonBodyParser } from "./http/json-body.js";
import { registerRateLimiting } from "./http/rate-limits.js";
import { createSecurityHeaders, REFUSED_REQUEST_HEADERS, registerSecurityHeaders } from "./http/security-headers.js";
import { mapHostsOf } from "./modules/maps/settings.js";
import { mergeSlashes } from "./http/merge-slashes.js";
import { registerWebApp } from "./http/web-app.js";
import { startErrorReporting } from "./lib/error-reporting.js";
import { activityRoutes } from "./modules/activity/routes.js";
import { apiKeyRoutes } from "./modules/api-keys/routes.js";
import { captchaRoutes } from "./modules/captcha/routes.js";
import { mfaRoutes } from "./modules/auth/mfa-routes.js";
import { sessionRoutes } from "./modules/auth/session-routes.js";
import { accountRoutes } from "./modules/account/routes.js";
import { authRoutes } from "./modules/auth/routes.js";
import { contactRoutes } from "./modules/contacts/routes.js";
import { contentRoutes } from "./modules/content/routes.js";
import { faviconRoutes } from "./modules/content/favicon-routes.js";
import { healthRoutes } from "./modules/health/routes.js";
import { responseRoutes } from "./modules/responses/routes.js";
import { roleRoutes } from "./modules/roles/routes.js";
import { segmentRoutes } from "./modules/segments/routes.js";
import { setupRoutes } from "./modules/setup/routes.js";
import { statsRoutes } from "./modules/stats/routes.js";
import { tagRoutes } from "./modules/tags/routes.js";
import { uploadFileRoutes, uploadFlowRoutes } from "./modules/uploads/routes.js";
import { calloutRoutes } from "./modules/callouts/routes.js";
import { reviewerRoutes } from "./modules/reviewers/routes.js";
import { emailRoutes } from "./modules/emails/routes.js";
import { mailingRoutes, unsubscribeRoutes } from "./modules/mailings/routes.js";
import { resetRoutes } from "./modules/resets/routes.js";
import { signupRoutes } from "./modules/signup/routes.js";
import { giftRoutes } from "./modules/gifts/routes.js";
import { contributionRoutes } from "./modules/contributions/routes.js";
import { paymentRoutes } from "./modules/payments/routes.js";
import { recoveryRoutes } from "./modules/recovery/routes.js";
import { noticeRoutes } from "./modules/notices/routes.js";
import { mapRoutes } from "./modules/maps/routes.js";
import { newsletterRoutes } from "./modules/newsletter/routes.js";
import { webhookRoutes } from "./modules/webhooks/routes.js";
import { openApiPlugin } from "./modules/openapi/document.js";
import { apiReferenceRoutes, openApiRoutes } from "./modules/openapi/routes.js";
import { buildPaymentProviders } from "./modules/payments/service.js";
import { testCheckoutRoutes } from "./modules/test-checkout/routes.js";
import type { PaymentProvider } from "./providers/payment/index.js";
import { createLogDestination, type LogDestination } from "./lib/log-destination.js";
import { RequestLogsAtDebug, requestForLog } from "./lib/request-logging.js";
import { wireModules } from "./wiring.js";

export interface AppDependencies {
  config: Config;
  db: Db;
  clock?: Clock;
  newId?: () => string;
  sleep?: (ms: number) => Promise<void>;
  /** Replace the captcha, file storage or email provider built from the configuration. */
  captcha?: CaptchaProvider;
  storage?: StorageProvider;
  email?: EmailProvider;
  /** Payment providers to use besides (or instead of) those built from the configuration. */
  paymentProviders?: readonly PaymentProvider[];
  /** Pass false to keep tests quiet. */
  logger?: boolean;
  /** Where log lines go; standard output (never blocking the process) unless given. */
  logDestination?: LogDestination;
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  wireModules();
  const { config } = deps;
  const versionValue = `${config.version} / ${config.revision}`;
  // The router's own refusals skip every hook: they get the same headers here, once.
  const setSecurityHeaders = createSecurityHeaders(config);
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ["req.headers.authorization", "req.headers.cookie"],
            serializers: { req: requestForLog },
            stream: deps.logDestination ?? createLogDestination(),
          },
    logController: new RequestLogsAtDebug(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Room for the longest slug, percent-encoded; schemas set the real limits.
    // Every route answers the same with or without a trailing slash, and with repeated slashes
    // merged; the merged path is what every hook and access check sees (decision 024).
    routerOptions: { maxParamLength: 512, ignoreTrailingSlash: true },
    rewriteUrl: (request) => mergeSlashes(request.url ?? "/"),
    frameworkErrors: (error, request, reply) => {
      reply.header(VERSION_HEADER, versionValue);
      setSecurityHeaders(request, reply);
      frameworkErrorHandler(error, request, reply);
    },
    clientErrorHandler: (error, socket) =>
      clientErrorHandler(error, socket, { ...REFUSED_REQUEST_HEADERS, [VERSION_HEADER]: versionValue }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, startErrorReporting(config, app.log));
  registerInputGuard(app);
  registerJsonBodyParser(app);

  const clock = deps.clock ?? systemClock;
  const baseCtx: Omit<AppContext, "payments"> = {
    db: deps.db,
    config,
    clock,
    newId: deps.newId ?? newUuid,
    sleep: deps.sleep ?? realSleep,
    log: app.log,
    captcha: deps.captcha ?? new AltchaCaptchaProvider({ db: deps.db, clock, hmacKey: config.captcha.hmacKey }),
    storage: deps.storage ?? createStorageProvider(config.storage),
    email: deps.email ?? createEmailProvider(config.email),
  };
  const ctx: AppContext = { ...baseCtx, payments: buildPaymentProviders(config, baseCtx, deps.paymentProviders) };
  // Nothing is cached until this copy hears of every change to what it caches (decision 037).
  const cacheInvalidation = await startCacheInvalidation(deps.db, (error) =>
    app.log.error({ err: error }, "listening for cache invalidations failed"),
  );
  app.addHook("onClose", () => cacheInvalidation.stop());

  app.addHook("onRequest", async (_request, reply) => {
    reply.header(VERSION_HEADER, versionValue);
  });
  registerSecurityHeaders(app, config, setSecurityHeaders, () => mapHostsOf(ctx));

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { threshold: 1024 });
  await registerRateLimiting(app);

  const routeAccess: RouteAccess[] = [];
  app.decorate("routeAccess", routeAccess);
  // Collects the routes as they are declared; the description is built on its first request.
  await app.register(openApiPlugin, { config });
  await app.register(
    async (api) => {
      await api.register(authPlugin, { ctx, routeAccess });
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(contactRoutes);
      await api.register(mfaRoutes);
      await api.register(sessionRoutes);
      await api.register(accountRoutes);
      await api.register(roleRoutes);
      await api.register(tagRoutes);
      await api.register(calloutRoutes);
      await api.register(reviewerRoutes);
      await api.register(responseRoutes);
      await api.register(contentRoutes);
      await api.register(apiKeyRoutes);
      await api.register(activityRoutes);
      await api.register(setupRoutes);
      await api.register(segmentRoutes);
      await api.register(statsRoutes);
      await api.register(captchaRoutes);
      await api.register(uploadFlowRoutes);
      await api.register(emailRoutes);
      await api.register(mailingRoutes);
      await api.register(unsubscribeRoutes);
      await api.register(signupRoutes);
      await api.register(giftRoutes);
      await api.register(resetRoutes);
      await api.register(contributionRoutes);
      await api.register(paymentRoutes);
      await api.register(recoveryRoutes);
      await api.register(noticeRoutes);
      await api.register(mapRoutes);
      await api.register(newsletterRoutes);
      await api.register(webhookRoutes);
      await api.register(openApiRoutes);
    },
    { prefix: API_PREFIX },
  );

  // Upload and file addresses sit at the site root, beside the web app.
  await app.register(async (site) => {
    await site.register(authPlugin, { ctx, routeAccess });
    await site.register(uploadFileRoutes);
    await site.register(faviconRoutes(ctx));
    await site.register(testCheckoutRoutes);
    await site.register(apiReferenceRoutes);
  });

  await registerWebApp(app, config.webDistDir, ctx);
  return app;
}
