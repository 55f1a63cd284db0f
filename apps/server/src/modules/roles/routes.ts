import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { putRoleSchema, roleSchema, roleTypeSchema } from "@cohort/common/contacts";
import { putRole, revokeRole } from "./service.js";

/** Roles are changed by contact UUID; `me` is not accepted here. */
const params = z.object({ id: z.uuid({ message: "The contact id must be a UUID" }), role: roleTypeSchema });

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    "/contact/:id/role/:role",
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: { params, body: putRoleSchema, response: { 200: roleSchema } },
    },
    async (request) => putRole(request.ctx, request.identity, request.params.id, request.params.role, request.body),
  );

  app.delete(
    "/contact/:id/role/:role",
    { config: { access: "admin", errors: { 404: ["not-found"] } }, schema: { params } },
    async (request, reply) => {
      await revokeRole(request.ctx, request.identity, request.params.id, request.params.role);
      return reply.status(204).send();
    },
  );
};
