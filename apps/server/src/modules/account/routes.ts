import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountExportQuerySchema } from "@cohort/common/account";
import { notAuthenticated } from "../../http/errors.js";
import { exportOwnData } from "./export-service.js";

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The caller's own data as a download: `format=json` (default) or `format=zip`
   * (one CSV per section plus the JSON). Only `me`: nobody downloads another
   * person's export, admins included.
   */
  app.get(
    "/contact/me/export",
    { config: { access: "contact", errors: {} }, schema: { querystring: accountExportQuerySchema } },
    async (request, reply) => {
      const contactId = request.identity.contact?.id;
      if (!contactId) throw notAuthenticated();
      const file = await exportOwnData(request.ctx, contactId, request.query.format);
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .header("cache-control", "no-store")
        .send(file.body);
    },
  );
};
