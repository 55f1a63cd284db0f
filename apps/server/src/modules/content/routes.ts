import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  generalContentSchema,
  joinContentSchema,
  joinSetupContentSchema,
  updateGeneralContentSchema,
  updateJoinContentSchema,
  updateJoinSetupContentSchema,
} from "@cohort/common/content";
import {
  contactsContentSchema,
  contentIds,
  emailContentSchema,
  paymentContentSchema,
  profileContentSchema,
  shareContentSchema,
  telegramContentSchema,
  updateContactsContentSchema,
  updateEmailContentSchema,
  updatePaymentContentSchema,
  updateProfileContentSchema,
  updateShareContentSchema,
  updateTelegramContentSchema,
} from "@cohort/common/content";
import { z } from "zod";
import { AppError } from "../../http/errors.js";
import { sendSerialized } from "../../http/serialized.js";
import { getSettings, updateSettings, type SettingsId } from "./settings-service.js";
import {
  generalContentJson,
  getJoinContent,
  getJoinSetupContent,
  updateGeneralContent,
  updateJoinContent,
  updateJoinSetupContent,
} from "./service.js";

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/content/general",
    { config: { access: "public", errors: {} }, schema: { response: { 200: generalContentSchema } } },
    async (request, reply) => sendSerialized(reply, await generalContentJson(request.ctx)),
  );
  app.patch(
    "/content/general",
    {
      config: { access: "admin", errors: {} },
      schema: { body: updateGeneralContentSchema, response: { 200: generalContentSchema } },
    },
    async (request) => updateGeneralContent(request.ctx, request.body),
  );

  app.get(
    "/content/join",
    { config: { access: "public", errors: {} }, schema: { response: { 200: joinContentSchema } } },
    async (request) => getJoinContent(request.ctx),
  );
  app.patch(
    "/content/join",
    {
      config: { access: "admin", errors: {} },
      schema: { body: updateJoinContentSchema, response: { 200: joinContentSchema } },
    },
    async (request) => updateJoinContent(request.ctx, request.body),
  );

  app.get(
    "/content/join/setup",
    { config: { access: "public", errors: {} }, schema: { response: { 200: joinSetupContentSchema } } },
    async (request) => getJoinSetupContent(request.ctx),
  );
  app.patch(
    "/content/join/setup",
    {
      config: { access: "admin", errors: {} },
      schema: { body: updateJoinSetupContentSchema, response: { 200: joinSetupContentSchema } },
    },
    async (request) => updateJoinSetupContent(request.ctx, request.body),
  );

  // The other settings of the reference's `/content/{id}` (decision 024).
  const shapes = {
    profile: { full: profileContentSchema, update: updateProfileContentSchema },
    contacts: { full: contactsContentSchema, update: updateContactsContentSchema },
    email: { full: emailContentSchema, update: updateEmailContentSchema },
    share: { full: shareContentSchema, update: updateShareContentSchema },
    payment: { full: paymentContentSchema, update: updatePaymentContentSchema },
    telegram: { full: telegramContentSchema, update: updateTelegramContentSchema },
  } satisfies Record<SettingsId, { full: z.ZodType; update: z.ZodType }>;
  for (const [id, shape] of Object.entries(shapes) as [SettingsId, (typeof shapes)[SettingsId]][]) {
    app.get(
      `/content/${id}`,
      { config: { access: "public", errors: {} }, schema: { response: { 200: shape.full } } },
      async (request) => getSettings(request.ctx, id),
    );
    app.patch(
      `/content/${id}`,
      { config: { access: "admin", errors: {} }, schema: { body: shape.update, response: { 200: shape.full } } },
      async (request) => updateSettings(request.ctx, id, request.body),
    );
  }

  // Every known id has its own route above; any other id is refused as the reference does (400).
  const unknownId = z.object({
    id: z.string().refine((id) => !(contentIds as readonly string[]).includes(id), { message: "Unknown content id" }),
  });
  const refuse = () => {
    throw new AppError("invalid-request", {
      status: 400,
      message: `The content id must be one of: ${contentIds.join(", ")}.`,
    });
  };
  app.get("/content/:id", { config: { access: "public", errors: {} }, schema: { params: unknownId } }, refuse);
  app.patch("/content/:id", { config: { access: "admin", errors: {} }, schema: { params: unknownId } }, refuse);
};
