import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  bulkUpdateCalloutResponsesSchema,
  bulkUpdateResultSchema,
  calloutFunnelQuerySchema,
  calloutFunnelSchema,
  calloutResponseCommentListSchema,
  calloutResponseCommentSchema,
  calloutResponseListSchema,
  calloutResponseSchema,
  calloutTagSchema,
  createCalloutResponseCommentSchema,
  createCalloutTagSchema,
  exportCalloutResponsesQuerySchema,
  getCalloutResponseQuerySchema,
  listCalloutResponseCommentsQuerySchema,
  listCalloutResponsesQuerySchema,
  listCalloutTagsQuerySchema,
  responseSummaryCsvQuerySchema,
  responseSummaryQuerySchema,
  responseSummarySchema,
  updateCalloutResponseCommentSchema,
  updateCalloutResponseSchema,
  updateCalloutTagSchema,
} from "@cohort/common/callouts";
import { sendSerialized } from "../../../http/serialized.js";
import { sendCsv } from "../../../lib/csv.js";
import { createComment, deleteComment, getComment, listComments, updateComment } from "../comments/service.js";
import { exportResponses } from "../exports/service.js";
import { calloutFunnel } from "../funnel/service.js";
import { bulkUpdateResponses, getResponse, listAllResponses, listCalloutResponses, updateResponse } from "./service.js";
import { summariseResponses, summaryCsv } from "../summary/service.js";
import { createTag, deleteTag, getTag, listTags, updateTag } from "../tags/service.js";

/** A callout is addressed by its id or its slug. */
const calloutParams = z.object({ id: z.string().min(1).max(200) });
const tagParams = z.object({ id: z.string().min(1).max(200), tagId: z.string().max(100) });
const idParams = z.object({ id: z.uuid() });

/** The responses inbox: reading and triaging responses, their tags and comments. */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/callout/:id/responses",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: {
        params: calloutParams,
        querystring: listCalloutResponsesQuerySchema,
        response: { 200: calloutResponseListSchema },
      },
    },
    async (request) => listCalloutResponses(request.ctx, request.identity, request.params.id, request.query),
  );

  app.get(
    "/callout/:id/responses.csv",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: { params: calloutParams, querystring: exportCalloutResponsesQuerySchema },
    },
    async (request, reply) => {
      const exported = await exportResponses(request.ctx, request.identity, request.params.id, request.query.rules);
      return sendCsv(reply, exported.filename, exported.chunks);
    },
  );

  app.get(
    "/callout/:id/responses/summary",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: {
        params: calloutParams,
        querystring: responseSummaryQuerySchema,
        response: { 200: responseSummarySchema },
      },
    },
    async (request, reply) => {
      const summary = await summariseResponses(request.ctx, request.identity, request.params.id, request.query.rules);
      return sendSerialized(reply, summary.json);
    },
  );

  app.get(
    "/callout/:id/responses/funnel",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: {
        params: calloutParams,
        querystring: calloutFunnelQuerySchema,
        response: { 200: calloutFunnelSchema },
      },
    },
    async (request) => calloutFunnel(request.ctx, request.identity, request.params.id, request.query.rules),
  );

  app.get(
    "/callout/:id/responses/summary.csv",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: { params: calloutParams, querystring: responseSummaryCsvQuerySchema },
    },
    async (request, reply) => {
      const exported = await summaryCsv(request.ctx, request.identity, request.params.id, request.query);
      return sendCsv(reply, exported.filename, exported.chunks);
    },
  );

  app.get(
    "/callout-responses",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"] } },
      schema: { querystring: listCalloutResponsesQuerySchema, response: { 200: calloutResponseListSchema } },
    },
    async (request) => listAllResponses(request.ctx, request.identity, request.query),
  );

  app.patch(
    "/callout-responses",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"] } },
      schema: { body: bulkUpdateCalloutResponsesSchema, response: { 200: bulkUpdateResultSchema } },
    },
    async (request) => bulkUpdateResponses(request.ctx, request.identity, request.body),
  );

  app.get(
    "/callout-responses/:id",
    {
      config: { access: "user", errors: { 404: ["not-found"] } },
      schema: {
        params: idParams,
        querystring: getCalloutResponseQuerySchema,
        response: { 200: calloutResponseSchema },
      },
    },
    async (request) => getResponse(request.ctx, request.identity, request.params.id, request.query),
  );

  app.patch(
    "/callout-responses/:id",
    {
      config: { access: "user", errors: { 400: ["invalid-callout-response"], 404: ["not-found"] } },
      schema: { params: idParams, body: updateCalloutResponseSchema, response: { 200: calloutResponseSchema } },
    },
    async (request) => updateResponse(request.ctx, request.identity, request.params.id, request.body),
  );

  // ------------------------------------------------------------ tags

  app.get(
    "/callout/:id/tags",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: {
        params: calloutParams,
        querystring: listCalloutTagsQuerySchema,
        response: { 200: z.array(calloutTagSchema) },
      },
    },
    async (request) => listTags(request.ctx, request.identity, request.params.id, request.query),
  );

  app.post(
    "/callout/:id/tags",
    {
      config: { access: "user", errors: { 400: ["duplicate-tag-name"], 404: ["not-found"] } },
      schema: { params: calloutParams, body: createCalloutTagSchema, response: { 200: calloutTagSchema } },
    },
    async (request) => createTag(request.ctx, request.identity, request.params.id, request.body),
  );

  app.get(
    "/callout/:id/tags/:tagId",
    {
      config: { access: "user", errors: { 404: ["not-found"] } },
      schema: { params: tagParams, response: { 200: calloutTagSchema } },
    },
    async (request) => getTag(request.ctx, request.identity, request.params.id, request.params.tagId),
  );

  app.patch(
    "/callout/:id/tags/:tagId",
    {
      config: { access: "user", errors: { 400: ["duplicate-tag-name"], 404: ["not-found"] } },
      schema: { params: tagParams, body: updateCalloutTagSchema, response: { 200: calloutTagSchema } },
    },
    async (request) => updateTag(request.ctx, request.identity, request.params.id, request.params.tagId, request.body),
  );

  app.delete(
    "/callout/:id/tags/:tagId",
    { config: { access: "user", errors: { 404: ["not-found"] } }, schema: { params: tagParams } },
    async (request, reply) => {
      await deleteTag(request.ctx, request.identity, request.params.id, request.params.tagId);
      return reply.status(204).send();
    },
  );

  // ------------------------------------------------------------ comments

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
