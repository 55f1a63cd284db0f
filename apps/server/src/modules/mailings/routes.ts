import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { paginatedSchema } from "@cohort/common/http";
import {
  contactMailingSchema,
  countRecipientsSchema,
  createMailingSchema,
  mailingListSchema,
  mailingPreviewQuerySchema,
  mailingPreviewSchema,
  mailingRecipientQuerySchema,
  mailingRecipientSchema,
  mailingSchema,
  recipientCountsSchema,
  sendMailingSchema,
  unsubscribeResultSchema,
  updateMailingSchema,
} from "@cohort/common/mailings";
import { unsubscribePageUrl } from "./unsubscribe-token.js";
import {
  cancelMailing,
  countMailingRecipients,
  createMailing,
  deleteMailing,
  getMailing,
  listContactMailings,
  listMailingRecipients,
  listMailings,
  previewMailing,
  sendMailing,
  sendTestMailing,
  unsubscribe,
  updateMailing,
} from "./service.js";

const idParams = z.object({ id: z.string().max(100) });
const tokenParams = z.object({ token: z.string().max(200) });

/**
 * Emails admins write to many contacts (decision 062): drafts, recipient
 * counts, previews, tests, sending now or later, progress and results.
 * Admins only; an API key holding the admin role may use them too, except
 * the test send, which goes to the caller's own address.
 */
export const mailingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/mailing",
    { config: { access: "admin", errors: {} }, schema: { response: { 200: mailingListSchema } } },
    async (request) => listMailings(request.ctx),
  );

  app.post(
    "/mailing",
    {
      config: { access: "admin", errors: { 400: ["invalid-rule"], 404: ["not-found"] } },
      schema: { body: createMailingSchema, response: { 200: mailingSchema } },
    },
    async (request) => createMailing(request.ctx, request.identity, request.body),
  );

  app.post(
    "/mailing/recipient-count",
    {
      config: { access: "admin", errors: { 400: ["invalid-rule"] } },
      schema: { body: countRecipientsSchema, response: { 200: recipientCountsSchema } },
    },
    async (request) => countMailingRecipients(request.ctx, request.identity, request.body),
  );

  app.get(
    "/mailing/:id",
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: { params: idParams, response: { 200: mailingSchema } },
    },
    async (request) => getMailing(request.ctx, request.params.id),
  );

  app.patch(
    "/mailing/:id",
    {
      config: { access: "admin", errors: { 400: ["invalid-rule"], 404: ["not-found"], 409: ["mailing-not-editable"] } },
      schema: { params: idParams, body: updateMailingSchema, response: { 200: mailingSchema } },
    },
    async (request) => updateMailing(request.ctx, request.identity, request.params.id, request.body),
  );

  app.delete(
    "/mailing/:id",
    {
      config: { access: "admin", errors: { 404: ["not-found"], 409: ["mailing-not-editable"] } },
      schema: { params: idParams },
    },
    async (request, reply) => {
      await deleteMailing(request.ctx, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/mailing/:id/preview",
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: { params: idParams, querystring: mailingPreviewQuerySchema, response: { 200: mailingPreviewSchema } },
    },
    async (request) => previewMailing(request.ctx, request.identity, request.params.id, request.query),
  );

  app.post(
    "/mailing/:id/test",
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: { params: idParams, response: { 200: z.object({ to: z.string() }) } },
    },
    async (request) => sendTestMailing(request.ctx, request.identity, request.params.id),
  );

  app.post(
    "/mailing/:id/send",
    {
      config: { access: "admin", errors: { 400: ["invalid-rule"], 404: ["not-found"], 409: ["mailing-not-editable"] } },
      schema: { params: idParams, body: sendMailingSchema, response: { 200: mailingSchema } },
    },
    async (request) => sendMailing(request.ctx, request.identity, request.params.id, request.body),
  );

  app.post(
    "/mailing/:id/cancel",
    {
      config: { access: "admin", errors: { 404: ["not-found"], 409: ["mailing-not-scheduled"] } },
      schema: { params: idParams, response: { 200: mailingSchema } },
    },
    async (request) => cancelMailing(request.ctx, request.params.id),
  );

  app.get(
    "/mailing/:id/recipients",
    {
      config: { access: "admin", errors: { 404: ["not-found"] } },
      schema: {
        params: idParams,
        querystring: mailingRecipientQuerySchema,
        response: { 200: paginatedSchema(mailingRecipientSchema) },
      },
    },
    async (request) => listMailingRecipients(request.ctx, request.params.id, request.query),
  );

  app.get(
    "/contact/:id/mailings",
    {
      config: { access: "admin", contactParam: "read", errors: { 401: ["not-authenticated"] } },
      schema: { params: idParams, response: { 200: z.object({ items: z.array(contactMailingSchema) }) } },
    },
    async (request) => listContactMailings(request.ctx, request.contactId),
  );
};

/**
 * Unsubscribing without logging in, from the link in a marketing email
 * (`/unsubscribe/<token>` on the site, whose page posts here) or from a mail
 * client's one-click button (RFC 8058: a POST of `List-Unsubscribe=One-Click`
 * to the `List-Unsubscribe` address, as a form and without the
 * requested-with header). The signed token is the only key. A GET of the
 * address, as a reader's click on the header's link would make, changes
 * nothing and leads to the site's page, which asks first.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mail clients post a form; its one field says nothing the token does not.
  app.addContentTypeParser(
    ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"],
    { parseAs: "string", bodyLimit: 4096 },
    (_request, _body, done) => done(null, {}),
  );

  app.post(
    "/unsubscribe/:token",
    {
      config: { access: "public", skipRequestedWith: true, errors: { 400: ["invalid-unsubscribe-link"] } },
      schema: { params: tokenParams, response: { 200: unsubscribeResultSchema } },
    },
    async (request) => unsubscribe(request.ctx, request.params.token),
  );

  app.get(
    "/unsubscribe/:token",
    { config: { access: "public", errors: {} }, schema: { params: tokenParams } },
    async (request, reply) =>
      reply.redirect(unsubscribePageUrl(request.ctx.config.appUrl, encodeURIComponent(request.params.token)), 303),
  );
};
