import { z } from "zod";
import { contactTagSchema } from "../contacts/schemas.js";
import { sortOrders, withOptionsSchema } from "../http/index.js";

export const TAG_NAME_MAX_LENGTH = 100;
export const TAG_DESCRIPTION_MAX_LENGTH = 1000;

export const contactTagSortFields = ["id", "name"] as const;
export type ContactTagSortField = (typeof contactTagSortFields)[number];

/** Extras the tag list adds on request (`with=contactCount`). */
export const contactTagWithOptions = ["contactCount"] as const;
export type ContactTagWith = (typeof contactTagWithOptions)[number];

/** A tag as the API sends it: `{id, name}`, the description stays in the admin screens. */
export { contactTagSchema };
export type ContactTag = z.infer<typeof contactTagSchema>;

/** A tag in the list; `contactCount` only when asked for. */
export const contactTagListItemSchema = contactTagSchema.extend({
  contactCount: z.number().int().min(0).optional(),
});
export type ContactTagListItem = z.infer<typeof contactTagListItemSchema>;

const tagNameSchema = z
  .string({ message: "Name is required" })
  .trim()
  .min(1, { message: "Name is required" })
  .max(TAG_NAME_MAX_LENGTH, { message: `Maximum length of ${TAG_NAME_MAX_LENGTH} characters exceeded` });

const tagDescriptionSchema = z
  .string()
  .max(TAG_DESCRIPTION_MAX_LENGTH, { message: `Maximum length of ${TAG_DESCRIPTION_MAX_LENGTH} characters exceeded` });

export const createContactTagSchema = z
  .object({
    name: tagNameSchema,
    description: tagDescriptionSchema.default(""),
  })
  .strict();
export type CreateContactTag = z.infer<typeof createContactTagSchema>;

/** Only the fields sent change; no defaults, so a rename keeps the description. */
export const updateContactTagSchema = z
  .object({
    name: tagNameSchema,
    description: tagDescriptionSchema,
  })
  .partial()
  .strict();
export type UpdateContactTag = z.infer<typeof updateContactTagSchema>;

export const listContactTagsQuerySchema = z
  .object({
    sort: z.enum(contactTagSortFields).default("name"),
    order: z.enum(sortOrders).default("ASC"),
    with: withOptionsSchema(contactTagWithOptions),
    "with[]": withOptionsSchema(contactTagWithOptions),
  })
  .strict();
export type ListContactTagsQuery = z.infer<typeof listContactTagsQuerySchema>;
