import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { API_PREFIX, VERSION_HEADER } from "@cohort/common/http";
import type { Config } from "./config.js";
import type { AppContext, Clock } from "./context.js";
import { newUuid, realSleep, systemClock } from "./context.js";
import type { Db } from "./db/client.js";
import { authPlugin, type RouteAccess } from "./http/auth.js";
import { registerErrorHandling } from "./http/errors.js";
import { registerWebApp } from "./http/web-app.js";
import { apiKeyRoutes } from "./modules/api-keys/routes.js";
import { mfaRoutes } from "./modules/auth/mfa-routes.js";
import { authRoutes } from "./modules/auth/routes.js";
import { contactRoutes } from "./modules/contacts/routes.js";
import { contentRoutes } from "./modules/content/routes.js";
import { healthRoutes } from "./modules/health/routes.js";
import { roleRoutes } from "./modules/roles/routes.js";
import { segmentRoutes } from "./modules/segments/routes.js";
import { setupRoutes } from "./modules/setup/routes.js";
import { statsRoutes } from "./modules/stats/routes.js";
import { tagRoutes } from "./modules/tags/routes.js";

export interface AppDependencies {
  config: Config;
  db: Db;
  clock?: Clock;
  newId?: () => string;
  sleep?: (ms: number) => Promise<void>;
  /** Pass false to keep tests quiet. */
  logger?: boolean;
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { level: config.logLevel, redact: ["req.headers.authorization", "req.headers.cookie"] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const ctx: AppContext = {
    db: deps.db,
    config,
    clock: deps.clock ?? systemClock,
    newId: deps.newId ?? newUuid,
    sleep: deps.sleep ?? realSleep,
    log: app.log,
  };

  const versionValue = `${config.version} / ${config.revision}`;
  app.addHook("onRequest", async (_request, reply) => {
    reply.header(VERSION_HEADER, versionValue);
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
  });

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { threshold: 1024 });

  const routeAccess: RouteAccess[] = [];
  app.decorate("routeAccess", routeAccess);
  await app.register(
    async (api) => {
      await api.register(authPlugin, { ctx, routeAccess });
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(contactRoutes);
      await api.register(mfaRoutes);
      await api.register(roleRoutes);
      await api.register(tagRoutes);
      await api.register(contentRoutes);
      await api.register(apiKeyRoutes);
      await api.register(setupRoutes);
      await api.register(segmentRoutes);
      await api.register(statsRoutes);
    },
    { prefix: API_PREFIX },
  );

  await registerWebApp(app, config.webDistDir);
  return app;
}
