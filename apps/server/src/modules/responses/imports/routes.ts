import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  importCalloutResponsesSchema,
  RESPONSE_IMPORT_BODY_LIMIT,
  responseImportResultSchema,
} from "@cohort/common/callouts";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER, idempotencyHeadersSchema } from "@cohort/common/http";
import { calloutParams } from "../route-params.js";
import { importResponses } from "./service.js";

/** Answers collected elsewhere, brought into a callout. */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/callout/:id/responses/import",
    {
      config: {
        access: "admin",
        errors: { 400: ["invalid-import-column"], 404: ["not-found"], 422: ["idempotency-key-reused"] },
      },
      bodyLimit: RESPONSE_IMPORT_BODY_LIMIT,
      schema: {
        summary: "Import answers collected elsewhere (CSV rows mapped to the form's inputs)",
        description:
          "Each row holds cells under `answers.<slideId>.<key>`, `guest.email` or `guest.name`, and is checked " +
          "like a response sent through the form. Refused rows are skipped and listed by row, column and reason " +
          "(the answer issue codes). A column that names no input taking text is refused whole: 400 " +
          "`invalid-import-column`. With `dryRun` nothing is written. Imported responses are marked `imported`, " +
          "belong to no contact and send no email. A batch sent with an `Idempotency-Key` is imported once: " +
          "sent again with the same key, it gets the first answer (with `Idempotent-Replayed: true`).",
        params: calloutParams,
        headers: idempotencyHeadersSchema,
        body: importCalloutResponsesSchema,
        response: { 200: responseImportResultSchema },
      },
    },
    async (request, reply) => {
      const answer = await importResponses(request.ctx, request.params.id, request.body, {
        identity: request.identity,
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
      });
      if (answer.isReplay) reply.header(IDEMPOTENT_REPLAY_HEADER, "true");
      return answer.result;
    },
  );
};
