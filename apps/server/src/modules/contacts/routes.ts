import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  bulkDeleteContactsSchema,
  bulkDeleteResultSchema,
  bulkUpdateContactsSchema,
  bulkUpdateResultSchema,
  contactListSchema,
  contactSchema,
  createContactSchema,
  getContactQuerySchema,
  importContactsSchema,
  importResultSchema,
  listContactsQuerySchema,
  updateContactSchema,
} from "@cohort/common/contacts";
import { IDENTITY_PROOF_ERRORS } from "@cohort/common/auth";
import { ruleGroupQuerySchema } from "@cohort/common/filters";
import { clearSessionCookie } from "../../http/auth.js";
import { sendCsv } from "../../lib/csv.js";
import { getGeneralContent } from "../content/service.js";
import { exportContacts, exportContactsCsv } from "./export/service.js";
import { importContacts } from "./import/service.js";
import { bulkDeleteContacts, bulkUpdateContacts } from "./bulk/service.js";
import { deleteContact, updateContact } from "./edit/service.js";
import { listContacts } from "./list/service.js";
import { createContact, getContact } from "./service.js";

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/contact.csv",
    {
      config: { access: "admin", errors: { 400: ["invalid-rule"] } },
      schema: { querystring: z.object({ rules: ruleGroupQuerySchema.optional() }).strict() },
    },
    async (request, reply) => {
      const { currencySymbol } = await getGeneralContent(request.ctx);
      const records = await exportContacts(
        request.ctx,
        request.query.rules,
        request.identity.contact?.id,
        currencySymbol,
      );
      const filename = `contacts-${request.ctx.clock.now().toISOString().replace(/[:.]/g, "-")}.csv`;
      return sendCsv(reply, filename, exportContactsCsv(records));
    },
  );

  app.post(
    "/contact/import",
    {
      config: { access: "admin", errors: {} },
      bodyLimit: 50 * 1024 * 1024,
      schema: { body: importContactsSchema, response: { 200: importResultSchema } },
    },
    async (request) => importContacts(request.ctx, request.identity, request.body),
  );

  app.get(
    "/contact",
    {
      config: { access: "user", errors: { 400: ["invalid-rule"] } },
      schema: { querystring: listContactsQuerySchema, response: { 200: contactListSchema } },
    },
    async (request) => listContacts(request.ctx, request.identity, request.query),
  );

  app.post(
    "/contact",
    {
      config: { access: "admin", errors: { 400: ["duplicate-email"] } },
      schema: { body: createContactSchema, response: { 200: contactSchema } },
    },
    async (request) => createContact(request.ctx, request.identity, request.body),
  );

  app.get(
    "/contact/:id",
    {
      config: { access: "user", contactParam: "read", errors: { 404: ["not-found"] } },
      schema: {
        params: z.object({ id: z.string() }),
        querystring: getContactQuerySchema.strict(),
        response: { 200: contactSchema },
      },
    },
    async (request) => {
      const { contactId } = request;
      const withOptions = [...request.query.with, ...request.query["with[]"]];
      return getContact(request.ctx, contactId, {
        with: withOptions,
        isAdminViewer: request.identity.roles.includes("admin"),
        isSelf: contactId === request.identity.contact?.id,
      });
    },
  );

  app.patch(
    "/contact",
    {
      config: { access: "admin", errors: { 400: ["invalid-rule"] } },
      schema: { body: bulkUpdateContactsSchema, response: { 200: bulkUpdateResultSchema } },
    },
    async (request) => bulkUpdateContacts(request.ctx, request.identity, request.body),
  );

  app.delete(
    "/contact",
    {
      config: { access: "admin", errors: { 400: ["invalid-rule"] } },
      schema: { body: bulkDeleteContactsSchema, response: { 200: bulkDeleteResultSchema } },
    },
    async (request) => bulkDeleteContacts(request.ctx, request.identity, request.body),
  );

  app.patch(
    "/contact/:id",
    {
      // "me" needs a contact; another contact's id needs an admin, an API key included (decision 024).
      config: {
        access: "user",
        contactParam: "read",
        errors: { 400: [...IDENTITY_PROOF_ERRORS, "duplicate-email"], 404: ["not-found"] },
      },
      schema: { params: z.object({ id: z.string() }), body: updateContactSchema, response: { 200: contactSchema } },
    },
    async (request) => updateContact(request.ctx, request.identity, request.contactId, request.body, request.ip),
  );

  app.delete(
    "/contact/:id",
    {
      config: { access: "user", contactParam: "read", errors: { 404: ["not-found"] } },
      schema: { params: z.object({ id: z.string() }) },
    },
    async (request, reply) => {
      const { contactId } = request;
      await deleteContact(request.ctx, request.identity, contactId);
      if (contactId === request.identity.contact?.id) clearSessionCookie(request, reply);
      return reply.status(204).send();
    },
  );
};
