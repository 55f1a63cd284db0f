import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkDatabase } from "./service.js";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      config: { access: "public", errors: {} },
      schema: { response: { 200: z.object({ status: z.literal("ok"), version: z.string(), database: z.string() }) } },
    },
    async (request) => {
      await checkDatabase(request.ctx);
      return { status: "ok" as const, version: request.ctx.config.version, database: "ok" };
    },
  );
};
