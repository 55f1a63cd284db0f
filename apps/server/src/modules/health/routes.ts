import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "drizzle-orm";
import { z } from "zod";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      config: { access: "public" },
      schema: { response: { 200: z.object({ status: z.literal("ok"), version: z.string(), database: z.string() }) } },
    },
    async (request) => {
      await request.ctx.db.execute(sql`SELECT 1`);
      return { status: "ok" as const, version: request.ctx.config.version, database: "ok" };
    },
  );
};
