import { z } from "zod";
import { attributionOutputSchema } from "../attribution/schemas.js";
import { TEXT_LIMITS, paginatedSchema, paginationQuerySchema, withOptionsSchema } from "../http/index.js";
import { contactSortFields } from "../filters/contacts.js";
import { ruleGroupQuerySchema, ruleGroupSchema } from "../filters/grammar.js";
import { locales } from "../i18n/index.js";
import {
  CONTACT_LIMITS,
  PASSWORD_MIN_LENGTH,
  getContactWithOptions,
  isTelephoneNumber,
  newsletterStatuses,
  roleTypes,
} from "./constants.js";
import { contributionPeriods, contributionTypes, membershipStatuses, paymentMethods } from "../payments/constants.js";
import { message } from "../validation/index.js";

export const roleTypeSchema = z.enum(roleTypes);

/** One of the eight locales; sent with the join form and callout responses so emails follow the page's language. */
export const localeSchema = z.enum(locales);

/** Emails are compared and stored trimmed and lower-cased. */
export const emailSchema = z
  .string({ message: message("validation.emailRequired") })
  .trim()
  .toLowerCase()
  .min(1, { message: message("validation.emailRequired") })
  .max(TEXT_LIMITS.email, { message: message("validation.tooLong", { max: TEXT_LIMITS.email }) })
  .pipe(z.email({ message: message("validation.emailInvalid") }));

/** 8 or more characters with a number, an uppercase and a lowercase letter. */
export const passwordSchema = z
  .string({ message: message("validation.passwordRequired") })
  .min(PASSWORD_MIN_LENGTH, { message: message("validation.passwordTooShort") })
  .max(TEXT_LIMITS.password)
  .refine((value) => /\d/.test(value) && /\p{Ll}/u.test(value) && /\p{Lu}/u.test(value), {
    message: message("validation.passwordWeak"),
  });
export const isoDateSchema = z.iso.datetime({ offset: true });

export const roleSchema = z.object({
  role: roleTypeSchema,
  dateAdded: isoDateSchema,
  dateExpires: isoDateSchema.nullable(),
});
export type Role = z.infer<typeof roleSchema>;

const tooLong = (max: number) => ({ message: message("validation.tooLong", { max }) });
const limitedText = (max: number) => z.string().trim().max(max, tooLong(max));

/** A first or last name. */
export const contactNameSchema = limitedText(CONTACT_LIMITS.name);

/** A telephone number by the shared rule, or empty for none. */
export const telephoneSchema = limitedText(CONTACT_LIMITS.telephone).refine(
  (value) => value === "" || isTelephoneNumber(value),
  { message: message("validation.phoneInvalid") },
);

/** The parts of a delivery address, each within its limit (empty allowed; see `deliveryAddressSchema`). */
export const addressPartSchemas = {
  line1: limitedText(CONTACT_LIMITS.addressLine),
  line2: limitedText(CONTACT_LIMITS.addressLine),
  city: limitedText(CONTACT_LIMITS.city),
  postcode: limitedText(CONTACT_LIMITS.postcode),
};

/** The admin's notes on a contact. */
export const contactNotesSchema = z.string().max(CONTACT_LIMITS.notes, tooLong(CONTACT_LIMITS.notes));

export const deliveryAddressSchema = z.object({
  line1: addressPartSchemas.line1.min(1, { message: message("validation.addressLine1Required") }),
  line2: addressPartSchemas.line2.default(""),
  city: addressPartSchemas.city.min(1, { message: message("validation.cityRequired") }),
  postcode: addressPartSchemas.postcode.min(1, { message: message("validation.postcodeRequired") }),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/** The parts of an address as a form or a client has them; a missing part is empty. */
export type AddressParts = Partial<Record<keyof typeof addressPartSchemas, string>>;

const requiredAddressParts = [
  ["line1", "validation.addressLine1Required"],
  ["city", "validation.cityRequired"],
  ["postcode", "validation.postcodeRequired"],
] as const;

/** True when no part of the address is filled in. */
export function isEmptyAddress(address: AddressParts): boolean {
  return Object.values(address).every((part) => !part);
}

/**
 * The one rule for a delivery address, kept by the forms, the API and the
 * import alike. An address with nothing filled in is no address, unless
 * delivery is opted into; any other needs line 1, city and postcode. Answers
 * the parts that are missing, each with its message.
 */
export function missingAddressParts(
  address: AddressParts,
  deliveryOptIn = false,
): { part: (typeof requiredAddressParts)[number][0]; message: string }[] {
  if (!deliveryOptIn && isEmptyAddress(address)) return [];
  return requiredAddressParts
    .filter(([part]) => !address[part])
    .map(([part, key]) => ({ part, message: message(key) }));
}

/**
 * A delivery address as clients send it. The reference's web app always sends
 * the four parts, empty when there is no address: such an address is stored
 * as none (null). The parts are checked with the opt-in by `missingAddressParts`.
 */
const deliveryAddressInputSchema = z
  .object({
    line1: addressPartSchemas.line1.default(""),
    line2: addressPartSchemas.line2.default(""),
    city: addressPartSchemas.city.default(""),
    postcode: addressPartSchemas.postcode.default(""),
  })
  .strict();

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

/** How a contact pays, as the contact carries it (`GET /contact/{id}/contribution` says more). */
export const contactPaymentSourceSchema = z.object({
  method: z.enum(paymentMethods).nullable(),
  source: z.string().optional(),
  reference: z.string().optional(),
});

/** A contact's contribution as the contact carries it (`with=contribution`). */
export const contactContributionSchema = z.object({
  type: z.enum(contributionTypes),
  amount: z.number().optional(),
  nextAmount: z.number().optional(),
  period: z.enum(contributionPeriods).optional(),
  payFee: z.boolean().optional(),
  paymentSource: contactPaymentSourceSchema.optional(),
  hasPendingPayment: z.boolean().optional(),
  membershipStatus: z.enum(membershipStatuses),
  membershipExpiryDate: isoDateSchema.optional(),
  cancellationDate: isoDateSchema.optional(),
  renewalDate: isoDateSchema.optional(),
});
export type ContactContribution = z.infer<typeof contactContributionSchema>;

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
  contribution: contactContributionSchema.optional(),
  isReviewer: z.boolean().optional(),
  tags: z.array(contactTagSchema).optional(),
  /** Cohort's: whether the person has a password yet; only on their own contact (decision 017). */
  hasPassword: z.boolean().optional(),
  /** Cohort's: the language of the emails this contact gets; absent means the organisation's (decision 039). */
  locale: localeSchema.optional(),
  /** Cohort's: the campaign fields of the link the contact joined from, shown to admins (decision 074). */
  joinAttribution: attributionOutputSchema.optional(),
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
    message: message("validation.expiryAfterStart"),
    path: ["dateExpires"],
  });
export type RoleInput = z.infer<typeof roleInputSchema>;

const addressFields = new Set(["deliveryAddress", "deliveryOptIn"]);

export const profileInputSchema = z
  .object({
    telephone: telephoneSchema,
    twitter: z.string().trim().max(CONTACT_LIMITS.twitter),
    preferredContact: z.string().trim().max(CONTACT_LIMITS.preferredContact),
    deliveryOptIn: z.boolean(),
    deliveryAddress: deliveryAddressInputSchema.nullable(),
    newsletterStatus: z.enum(newsletterStatuses),
    newsletterGroups: z.array(z.string().max(TEXT_LIMITS.name)).max(100),
    notes: contactNotesSchema,
    description: z.string().max(TEXT_LIMITS.long),
  })
  .partial()
  .strict()
  .superRefine(
    (profile, context) => {
      if (!profile.deliveryAddress) return;
      for (const { part, message } of missingAddressParts(profile.deliveryAddress, profile.deliveryOptIn)) {
        context.addIssue({ code: "custom", path: ["deliveryAddress", part], message });
      }
    },
    // Checked beside the other fields' problems, once the address and the opt-in are themselves well formed.
    { when: (payload) => !payload.issues.some((issue) => addressFields.has(String(issue.path?.[0]))) },
  )
  .transform((profile) =>
    profile.deliveryAddress && isEmptyAddress(profile.deliveryAddress)
      ? { ...profile, deliveryAddress: null }
      : profile,
  );
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
    message: message("validation.required"),
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
    firstname: contactNameSchema.default(""),
    lastname: contactNameSchema.default(""),
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
    message: message("validation.expiryAfterStart"),
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
    firstname: contactNameSchema,
    lastname: contactNameSchema,
    password: passwordSchema,
    /**
     * Needed, with `token` when two-step login is on, when people change their
     * own password or email address (not when an admin changes someone else's).
     */
    currentPassword: z.string().max(TEXT_LIMITS.password),
    /** The current one-time code, for people with two-step login changing their own password or email address. */
    token: z.string().trim().max(TEXT_LIMITS.token),
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
