import { z } from "zod";
import { isoDateSchema } from "../contacts/schemas.js";
import { paginatedSchema, paginationQuerySchema, sortOrders } from "../http/index.js";
import { activityKinds } from "./constants.js";

/** A field's value before or after a change, as recorded (strings cut, secrets hidden). */
export const activityValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number()])),
]);
export type ActivityValue = z.infer<typeof activityValueSchema>;

export const activityChangeSchema = z.object({ before: activityValueSchema, after: activityValueSchema });
export type ActivityChange = z.infer<typeof activityChangeSchema>;

export const activityActorSchema = z.object({
  type: z.enum(["contact", "api-key"]),
  id: z.string(),
  /** The person's name or the key's description, while they still exist. */
  name: z.string().nullable(),
});

export const activityEntrySchema = z.object({
  id: z.uuid(),
  at: isoDateSchema,
  kind: z.enum(activityKinds),
  actor: activityActorSchema.nullable(),
  /** The contact the action was about, when it was about one. */
  contact: z.object({ id: z.uuid(), name: z.string().nullable() }).nullable(),
  /** What else the action was about: a callout's slug, a settings section, a key's id. */
  target: z.string().nullable(),
  /** How many records a bulk action, an import or an export touched. */
  count: z.number().int().nullable(),
  /** The ids a bulk action touched, at most `ACTIVITY_MAX_IDS` of them. */
  ids: z.array(z.string()),
  changes: z.record(z.string(), activityChangeSchema),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityListSchema = paginatedSchema(activityEntrySchema);
export type ActivityList = z.infer<typeof activityListSchema>;

export const listActivityQuerySchema = paginationQuerySchema
  .extend({
    order: z.enum(sortOrders).default("DESC"),
    /** The person who acted. */
    actorId: z.uuid().optional(),
    /** The API key that acted. */
    apiKeyId: z
      .string()
      .regex(/^[0-9a-f]{16}$/)
      .optional(),
    kind: z.enum(activityKinds).optional(),
    /** The contact the actions were about (bulk actions that listed them included). */
    contactId: z.uuid().optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .strict();
export type ListActivityQuery = z.infer<typeof listActivityQuerySchema>;
