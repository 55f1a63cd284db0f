import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { IMAGE_BOUND_MAX, uploadFlowSchema, uploadResultSchema } from "@cohort/common/callouts";
import { readSingleFile } from "./multipart.js";
import { claimUploadToken, openUpload, saveUpload, startUploadFlow } from "./service.js";

/** POST /api/1.0/upload: issues a single-use token for one file. */
export const uploadFlowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/upload",
    {
      config: { access: "public", errors: { 429: ["RATE_LIMIT_EXCEEDED"] } },
      schema: { response: { 200: uploadFlowSchema } },
    },
    async (request) =>
      startUploadFlow(request.ctx, { contactId: request.identity.contact?.id ?? null, ipAddress: request.ip }),
  );
};

const tokenQuerySchema = z.object({ token: z.string().optional() });
/** Any bound is taken and raised to one of the fixed image sizes. */
const boundSchema = z.coerce.number().int().min(1).max(IMAGE_BOUND_MAX).optional();
const fileParamsSchema = z.object({ fileId: z.string(), name: z.string() });
const sizeQuerySchema = z.object({ w: boundSchema, h: boundSchema });

/**
 * The file routes live at the site root, outside the API prefix: the token in
 * the query is what allows an upload, and the file addresses are permanent.
 * Cookie-authenticated uploads still carry X-Requested-With, like every write.
 */
export const uploadFileRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart);

  // Also answers `/upload/`: the router ignores a trailing slash (decision 024).
  app.post(
    "/upload",
    {
      config: {
        access: "public",
        errors: { 400: ["missing-token"], 404: ["invalid-token"], 413: ["FILE_TOO_LARGE", "image-too-large"] },
      },
      schema: { querystring: tokenQuerySchema, response: { 200: uploadResultSchema } },
    },
    async (request) => {
      await claimUploadToken(request.ctx, request.query.token);
      return saveUpload(request.ctx, await readSingleFile(request));
    },
  );

  app.get(
    "/uploads/:fileId/:name",
    {
      config: { access: "public", errors: { 404: ["not-found"] } },
      schema: { params: fileParamsSchema, querystring: sizeQuerySchema },
    },
    async (request, reply) => {
      const file = await openUpload(request.ctx, request.identity, {
        fileId: request.params.fileId,
        name: request.params.name,
        bounds: { width: request.query.w, height: request.query.h },
      });
      reply
        .type(file.contentType)
        .header("cache-control", file.cacheControl)
        .header("content-disposition", `${file.disposition}; filename="${file.name}"`)
        .header("x-content-type-options", "nosniff");
      if (file.size !== undefined) reply.header("content-length", file.size);
      return reply.send(file.body);
    },
  );
};
