import { z } from "zod";
import { TEXT_LIMITS, paginatedSchema, paginationQuerySchema, withOptionsSchema } from "../http/index.js";
import { contactSortFields } from "../filters/contacts.js";
import { ruleGroupQuerySchema, ruleGroupSchema } from "../filters/grammar.js";
import { locales } from "../i18n/index.js";
import {
  PASSWORD_MIN_LENGTH,
  contributionPeriods,
  contributionTypes,
  getContactWithOptions,
  membershipStatuses,
  newsletterStatuses,
  paymentMethods,
  roleTypes,
} from "./constants.js";

export const roleTypeSchema = z.enum(roleTypes);

/** One of the eight locales; sent with the join form and callout responses so emails follow the page's language. */
export const localeSchema = z.enum(locales);

/** Emails are compared and stored trimmed and lower-cased. */
export const emailSchema = z
  .string({ message: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, { message: "Email is required" })
  .max(TEXT_LIMITS.email, { message: `Maximum length of ${TEXT_LIMITS.email} characters exceeded` })
  .pipe(z.email({ message: "Invalid email address" }));

/** 8 or more characters with a number, an uppercase and a lowercase letter. */
export const passwordSchema = z
  .string({ message: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(TEXT_LIMITS.password)
  .refine((value) => /\d/.test(value) && /\p{Ll}/u.test(value) && /\p{Lu}/u.test(value), {
    message: "Password must contain a number, an uppercase and a lowercase letter",
  });
export const isoDateSchema = z.iso.datetime({ offset: true });

export const roleSchema = z.object({
  role: roleTypeSchema,
  dateAdded: isoDateSchema,
  dateExpires: isoDateSchema.nullable(),
});
export type Role = z.infer<typeof roleSchema>;

export const deliveryAddressSchema = z.object({
  line1: z.string().trim().min(1).max(TEXT_LIMITS.short),
  line2: z.string().trim().max(TEXT_LIMITS.short).default(""),
  city: z.string().trim().min(1).max(TEXT_LIMITS.short),
  postcode: z.string().trim().min(1).max(TEXT_LIMITS.name),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

export const profileSchema = z.object({
  telephone: z.string(),
  twitter: z.string(),
  preferredContact: z.string(),
  deliveryOptIn: z.boolean(),
  deliveryAddress: deliveryAddressSchema.nullable(),
  newsletterStatus: z.enum(newsletterStatuses),
  newsletterGroups: z.array(z.string()),
  /** Admin callers only. */
  notes: z.string().optional(),
  /** Admin callers only. */
  description: z.string().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const paymentSourceSchema = z.object({
  method: z.enum(paymentMethods).nullable(),
  source: z.string().optional(),
  reference: z.string().optional(),
});

export const contributionInfoSchema = z.object({
  type: z.enum(contributionTypes),
  amount: z.number().optional(),
  nextAmount: z.number().optional(),
  period: z.enum(contributionPeriods).optional(),
  payFee: z.boolean().optional(),
  paymentSource: paymentSourceSchema.optional(),
  hasPendingPayment: z.boolean().optional(),
  membershipStatus: z.enum(membershipStatuses),
  membershipExpiryDate: isoDateSchema.optional(),
  cancellationDate: isoDateSchema.optional(),
  renewalDate: isoDateSchema.optional(),
});
export type ContributionInfo = z.infer<typeof contributionInfoSchema>;

export const contactTagSchema = z.object({ id: z.uuid(), name: z.string() });

/** The contact as the API sends it (`GetContact` in the reference). */
export const contactSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  joined: isoDateSchema,
  lastSeen: isoDateSchema.optional(),
  activeRoles: z.array(roleTypeSchema),
  contributionAmount: z.number().optional(),
  contributionPeriod: z.enum(contributionPeriods).optional(),
  profile: profileSchema.optional(),
  roles: z.array(roleSchema).optional(),
  contribution: contributionInfoSchema.optional(),
  isReviewer: z.boolean().optional(),
  tags: z.array(contactTagSchema).optional(),
  /** Cohort's: whether the person has a password yet; only on their own contact (decision 017). */
  hasPassword: z.boolean().optional(),
  /** Cohort's: the language of the emails this contact gets; absent means the organisation's (decision 039). */
  locale: localeSchema.optional(),
});
export type Contact = z.infer<typeof contactSchema>;

export const getContactQuerySchema = z.object({
  with: withOptionsSchema(getContactWithOptions),
  "with[]": withOptionsSchema(getContactWithOptions),
});

export const roleInputSchema = z
  .object({
    role: roleTypeSchema,
    dateAdded: isoDateSchema,
    dateExpires: isoDateSchema.nullable().optional(),
  })
  .strict()
  .refine((role) => !role.dateExpires || new Date(role.dateExpires) > new Date(role.dateAdded), {
    message: "The expiry date must be after the start date",
    path: ["dateExpires"],
  });
export type RoleInput = z.infer<typeof roleInputSchema>;

export const profileInputSchema = z
  .object({
    telephone: z.string().trim().max(50),
    twitter: z.string().trim().max(100),
    preferredContact: z.string().trim().max(100),
    deliveryOptIn: z.boolean(),
    deliveryAddress: deliveryAddressSchema.strict().nullable(),
    newsletterStatus: z.enum(newsletterStatuses),
    newsletterGroups: z.array(z.string().max(TEXT_LIMITS.name)).max(100),
    notes: z.string().max(TEXT_LIMITS.long),
    description: z.string().max(TEXT_LIMITS.long),
  })
  .partial()
  .strict();
export type ProfileInput = z.infer<typeof profileInputSchema>;

/** A contribution recorded by hand (standing order, cash, cheque) rather than through a payment provider. */
export const manualContributionSchema = z
  .object({
    type: z.enum(["Manual", "None"]),
    /** Per-period amount in major units, at most two decimals. */
    amount: z
      .number()
      .positive({ message: "This field must be at least 0.01" })
      .max(1_000_000)
      .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), {
        message: "Use at most two decimals",
      })
      .optional(),
    period: z.enum(contributionPeriods).optional(),
    source: z.string().trim().max(200).optional(),
    reference: z.string().trim().max(200).optional(),
  })
  .strict()
  .refine((value) => value.type === "None" || (value.amount !== undefined && value.period !== undefined), {
    message: "This field is required",
    path: ["amount"],
  })
  .refine((value) => value.type === "Manual" || (value.amount === undefined && value.period === undefined), {
    message: "A contact without a contribution has no amount or period",
    path: ["type"],
  });
export type ManualContribution = z.infer<typeof manualContributionSchema>;

export const createContactSchema = z
  .object({
    email: emailSchema,
    firstname: z.string().trim().max(TEXT_LIMITS.name).default(""),
    lastname: z.string().trim().max(TEXT_LIMITS.name).default(""),
    password: passwordSchema.optional(),
    profile: profileInputSchema.optional(),
    roles: z.array(roleInputSchema).max(3).optional(),
    contribution: manualContributionSchema.optional(),
    /** Ids of existing contact tags. */
    tags: z.array(z.uuid()).max(50).optional(),
  })
  .strict()
  .refine((body) => new Set(body.roles?.map((role) => role.role)).size === (body.roles?.length ?? 0), {
    message: "Each role may be given once",
    path: ["roles"],
  });
export type CreateContact = z.infer<typeof createContactSchema>;

/** Body of PUT /contact/{id}/role/{role}; an absent expiry keeps the stored one. */
export const putRoleSchema = z
  .object({
    dateAdded: isoDateSchema,
    dateExpires: isoDateSchema.nullable().optional(),
  })
  .strict()
  .refine((body) => !body.dateExpires || new Date(body.dateExpires) > new Date(body.dateAdded), {
    message: "The expiry date must be after the start date",
    path: ["dateExpires"],
  });
export type PutRole = z.infer<typeof putRoleSchema>;

export const listContactsQuerySchema = paginationQuerySchema
  .extend({
    sort: z.enum(contactSortFields).optional(),
    rules: ruleGroupQuerySchema.optional(),
    with: withOptionsSchema(getContactWithOptions),
    "with[]": withOptionsSchema(getContactWithOptions),
  })
  .strict();
export type ListContactsQuery = z.infer<typeof listContactsQuerySchema>;

export const contactListSchema = paginatedSchema(contactSchema);

export const updateContactSchema = z
  .object({
    email: emailSchema,
    firstname: z.string().trim().max(TEXT_LIMITS.name),
    lastname: z.string().trim().max(TEXT_LIMITS.name),
    password: passwordSchema,
    /** Needed when people change their own password (not when an admin sets someone else's). */
    currentPassword: z.string().max(TEXT_LIMITS.password),
    profile: profileInputSchema,
    /** The language of the contact's emails; null goes back to the organisation's. */
    locale: localeSchema.nullable(),
  })
  .partial()
  .strict();
export type UpdateContact = z.infer<typeof updateContactSchema>;

/** `+<tagId>` adds a tag, `-<tagId>` removes it. */
export const tagChangeSchema = z.string().regex(/^[+-][0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
  message: "Each tag change is + or - followed by a tag id",
});

export const bulkUpdateContactsSchema = z
  .object({
    rules: ruleGroupSchema,
    updates: z.object({ tags: z.array(tagChangeSchema).min(1).max(50) }).strict(),
  })
  .strict();
export type BulkUpdateContacts = z.infer<typeof bulkUpdateContactsSchema>;

export const bulkUpdateResultSchema = z.object({ affected: z.number().int() });

/** `DELETE /contact`: removes every contact the rules match (decision 028). */
export const bulkDeleteContactsSchema = z.object({ rules: ruleGroupSchema }).strict();
export type BulkDeleteContacts = z.infer<typeof bulkDeleteContactsSchema>;

/** `deleted` contacts are gone; `skipped` ones matched but were kept: the caller, and anyone who outranks them. */
export const bulkDeleteResultSchema = z.object({ deleted: z.number().int(), skipped: z.number().int() });
export type BulkDeleteResult = z.infer<typeof bulkDeleteResultSchema>;
