import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createNoticeSchema,
  listNoticesQuerySchema,
  noticeListSchema,
  noticeSchema,
  updateNoticeSchema,
} from "@cohort/common/notices";
import { createNotice, deleteNotice, getNotice, listNotices, updateNotice } from "./service.js";

const params = z.object({ id: z.uuid({ message: "The notice id must be a UUID" }) });

/** Anyone, guests included, reads the open notices; admins read all and write (decision 028). */
export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/notice",
    {
      config: { access: "public", errors: { 400: ["invalid-rule"] } },
      schema: { querystring: listNoticesQuerySchema, response: { 200: noticeListSchema } },
    },
    async (request) => listNotices(request.ctx, request.identity, request.query),
  );

  app.post(
    "/notice",
    { config: { access: "admin", errors: {} }, schema: { body: createNoticeSchema, response: { 200: noticeSchema } } },
    async (request) => createNotice(request.ctx, request.body),
  );

  app.get(
    "/notice/:id",
    {
      config: { access: "public", errors: { 404: ["not-found"] } },
      schema: { params, response: { 200: noticeSchema } },
    },
    async (request) => getNotice(request.ctx, request.identity, request.params.id),
  );

  app.patch(
    "/notice/:id",
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: { params, body: updateNoticeSchema, response: { 200: noticeSchema } },
    },
    async (request) => updateNotice(request.ctx, request.params.id, request.body),
  );

  app.delete(
    "/notice/:id",
    { config: { access: "admin", errors: { 404: ["not-found"] } }, schema: { params } },
    async (request, reply) => {
      await deleteNotice(request.ctx, request.params.id);
      return reply.status(204).send();
    },
  );
};
