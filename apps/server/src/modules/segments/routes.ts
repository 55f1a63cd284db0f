import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contactListSchema, listContactsQuerySchema } from "@cohort/common/contacts";
import {
  createSegmentSchema,
  getSegmentQuerySchema,
  listSegmentsQuerySchema,
  segmentSchema,
  segmentWithCountSchema,
  updateSegmentSchema,
} from "@cohort/common/segments";
import {
  createSegment,
  deleteSegment,
  getSegment,
  listSegmentContacts,
  listSegments,
  updateSegment,
} from "./service.js";

const params = z.object({ id: z.uuid({ message: "The segment id must be a UUID" }) });

export const segmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/segments",
    {
      config: { access: "admin", errors: { 400: ["invalid-rule"] } },
      schema: { querystring: listSegmentsQuerySchema, response: { 200: z.array(segmentSchema) } },
    },
    async (request) => listSegments(request.ctx, request.identity, request.query),
  );

  app.post(
    "/segments",
    {
      config: { access: "admin", errors: { 400: ["invalid-rule"] } },
      schema: { body: createSegmentSchema, response: { 200: segmentWithCountSchema } },
    },
    async (request) => createSegment(request.ctx, request.identity, request.body),
  );

  app.get(
    "/segments/:id",
    {
      config: { access: "admin", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: { params, querystring: getSegmentQuerySchema, response: { 200: segmentSchema } },
    },
    async (request) => getSegment(request.ctx, request.identity, request.params.id, request.query),
  );

  app.patch(
    "/segments/:id",
    {
      config: { access: "admin", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: { params, body: updateSegmentSchema, response: { 200: segmentWithCountSchema } },
    },
    async (request) => updateSegment(request.ctx, request.identity, request.params.id, request.body),
  );

  app.delete(
    "/segments/:id",
    { config: { access: "admin", errors: { 404: ["not-found"] } }, schema: { params } },
    async (request, reply) => {
      await deleteSegment(request.ctx, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/segments/:id/contacts",
    {
      config: { access: "admin", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: { params, querystring: listContactsQuerySchema, response: { 200: contactListSchema } },
    },
    async (request) => listSegmentContacts(request.ctx, request.identity, request.params.id, request.query),
  );
};
