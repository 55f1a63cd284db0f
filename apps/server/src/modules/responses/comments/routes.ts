import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  calloutResponseCommentListSchema,
  calloutResponseCommentSchema,
  createCalloutResponseCommentSchema,
  listCalloutResponseCommentsQuerySchema,
  updateCalloutResponseCommentSchema,
} from "@cohort/common/callouts";
import { idParams } from "../route-params.js";
import { createComment, deleteComment, getComment, listComments, updateComment } from "./service.js";

/** Staff's comments on responses. */
export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/callout-response-comments",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"] } },
      schema: {
        querystring: listCalloutResponseCommentsQuerySchema,
        response: { 200: calloutResponseCommentListSchema },
      },
    },
    async (request) => listComments(request.ctx, request.identity, request.query),
  );

  app.post(
    "/callout-response-comments",
    {
      config: { access: "user", errors: { 404: ["not-found"] } },
      schema: { body: createCalloutResponseCommentSchema, response: { 200: calloutResponseCommentSchema } },
    },
    async (request) => createComment(request.ctx, request.identity, request.body),
  );

  app.get(
    "/callout-response-comments/:id",
    {
      config: { access: "user", errors: { 404: ["not-found"] } },
      schema: { params: idParams, response: { 200: calloutResponseCommentSchema } },
    },
    async (request) => getComment(request.ctx, request.identity, request.params.id),
  );

  app.patch(
    "/callout-response-comments/:id",
    {
      config: { access: "user", errors: { 404: ["not-found"] } },
      schema: {
        params: idParams,
        body: updateCalloutResponseCommentSchema,
        response: { 200: calloutResponseCommentSchema },
      },
    },
    async (request) => updateComment(request.ctx, request.identity, request.params.id, request.body.text),
  );

  app.delete(
    "/callout-response-comments/:id",
    { config: { access: "user", errors: { 404: ["not-found"] } }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteComment(request.ctx, request.identity, request.params.id);
      return reply.status(204).send();
    },
  );
};
