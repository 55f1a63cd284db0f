import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { calloutReviewerSchema, createCalloutReviewerSchema } from "@cohort/common/callouts";
import { addReviewer, getReviewer, listReviewers, removeReviewer } from "./service.js";

const params = z.object({ id: z.string().min(1).max(200) });
const reviewerParams = params.extend({
  reviewerId: z.uuid({ message: "The reviewer id must be a UUID (a reviewer's or a contact's id)" }),
});

export const reviewerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/callout/:id/reviewers",
    {
      config: { access: "contact", errors: { 404: ["not-found"] } },
      schema: { params, response: { 200: z.array(calloutReviewerSchema) } },
    },
    async (request) => listReviewers(request.ctx, request.identity, request.params.id),
  );

  app.post(
    "/callout/:id/reviewers",
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: { params, body: createCalloutReviewerSchema, response: { 200: calloutReviewerSchema } },
    },
    async (request) => addReviewer(request.ctx, request.identity, request.params.id, request.body.contactId),
  );

  app.get(
    "/callout/:id/reviewers/:reviewerId",
    {
      config: { access: "contact", errors: { 404: ["not-found"] } },
      schema: { params: reviewerParams, response: { 200: calloutReviewerSchema } },
    },
    async (request) => getReviewer(request.ctx, request.identity, request.params.id, request.params.reviewerId),
  );

  app.delete(
    "/callout/:id/reviewers/:reviewerId",
    { config: { access: "admin", errors: { 404: ["not-found"] } }, schema: { params: reviewerParams } },
    async (request, reply) => {
      await removeReviewer(request.ctx, request.identity, request.params.id, request.params.reviewerId);
      return reply.status(204).send();
    },
  );
};
