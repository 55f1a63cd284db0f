import { z } from "zod";
import { CONTACT_LIMITS, isTelephoneNumber, newsletterStatuses } from "./constants.js";
import type { ContactCsvColumn } from "./csv.js";

import { emailSchema, missingAddressParts } from "./schemas.js";
import { message } from "../validation/index.js";

/** Contact fields a CSV column can be mapped to. */
export const contactImportFields = [
  "email",
  "firstname",
  "lastname",
  "telephone",
  "newsletterStatus",
  "newsletterGroups",
  "deliveryOptIn",
  "deliveryAddressLine1",
  "deliveryAddressLine2",
  "deliveryAddressCity",
  "deliveryAddressPostcode",
  "tags",
  "notes",
  "membershipStarts",
  "membershipExpires",
] as const;
export type ContactImportField = (typeof contactImportFields)[number];

/** Export headers that map straight onto an import field, so exports import again. */
export const importFieldForColumn: Partial<Record<ContactCsvColumn | "Notes", ContactImportField>> = {
  EmailAddress: "email",
  FirstName: "firstname",
  LastName: "lastname",
  Telephone: "telephone",
  NewsletterStatus: "newsletterStatus",
  NewsletterGroups: "newsletterGroups",
  DeliveryOptIn: "deliveryOptIn",
  DeliveryAddressLine1: "deliveryAddressLine1",
  DeliveryAddressLine2: "deliveryAddressLine2",
  DeliveryAddressCity: "deliveryAddressCity",
  DeliveryAddressPostcode: "deliveryAddressPostcode",
  Tags: "tags",
  Notes: "notes",
  MembershipStarts: "membershipStarts",
  MembershipExpires: "membershipExpires",
};

export const MAX_IMPORT_ROWS = 50_000;

/** An empty cell means "leave as it is". */
const cell = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: message("validation.tooLong", { max }) })
    .optional()
    .transform((value) => (value ? value : undefined));

const list = cell(2000).transform((value) =>
  value
    ?.split(/[;,]/)
    .map((entry) => entry.trim())
    .filter(Boolean),
);

const yesNo = cell(10).pipe(
  z
    .string()
    .toLowerCase()
    .transform((value, context) => {
      if (["true", "yes", "y", "1"].includes(value)) return true;
      if (["false", "no", "n", "0"].includes(value)) return false;
      context.addIssue({ code: "custom", message: "Use yes or no" });
      return z.NEVER;
    })
    .optional(),
);

const date = cell(40).refine((value) => value === undefined || !Number.isNaN(Date.parse(value)), {
  message: "Invalid date",
});

/** One CSV row, mapped to fields, as the server checks it. */
export const contactImportRowSchema = z
  .object({
    email: z.string({ message: message("validation.emailRequired") }).pipe(emailSchema),
    firstname: cell(CONTACT_LIMITS.name),
    lastname: cell(CONTACT_LIMITS.name),
    telephone: cell(CONTACT_LIMITS.telephone).refine((value) => value === undefined || isTelephoneNumber(value), {
      message: message("validation.phoneInvalid"),
    }),
    newsletterStatus: cell(20).pipe(z.string().toLowerCase().pipe(z.enum(newsletterStatuses)).optional()),
    newsletterGroups: list,
    deliveryOptIn: yesNo,
    deliveryAddressLine1: cell(CONTACT_LIMITS.addressLine),
    deliveryAddressLine2: cell(CONTACT_LIMITS.addressLine),
    deliveryAddressCity: cell(CONTACT_LIMITS.city),
    deliveryAddressPostcode: cell(CONTACT_LIMITS.postcode),
    tags: list,
    notes: cell(CONTACT_LIMITS.notes),
    membershipStarts: date,
    membershipExpires: date,
  })
  .superRefine((row, context) => {
    const address = {
      line1: row.deliveryAddressLine1,
      line2: row.deliveryAddressLine2,
      city: row.deliveryAddressCity,
      postcode: row.deliveryAddressPostcode,
    };
    const columns = { line1: "deliveryAddressLine1", city: "deliveryAddressCity", postcode: "deliveryAddressPostcode" };
    for (const { part, message } of missingAddressParts(address)) {
      context.addIssue({ code: "custom", path: [columns[part]], message });
    }
    if (row.membershipExpires && !row.membershipStarts) {
      context.addIssue({ code: "custom", path: ["membershipStarts"], message: message("validation.required") });
    }
    if (
      row.membershipStarts &&
      row.membershipExpires &&
      Date.parse(row.membershipExpires) <= Date.parse(row.membershipStarts)
    ) {
      context.addIssue({
        code: "custom",
        path: ["membershipExpires"],
        message: message("validation.expiryAfterStart"),
      });
    }
  });
export type ContactImportRow = z.output<typeof contactImportRowSchema>;

export const importContactsSchema = z
  .object({
    rows: z
      .array(z.partialRecord(z.enum(contactImportFields), z.string().max(10_000)))
      .min(1)
      .max(MAX_IMPORT_ROWS),
    /** Check and count only; change nothing. */
    dryRun: z.boolean().default(false),
  })
  .strict();
export type ImportContacts = z.infer<typeof importContactsSchema>;

export const importRowErrorSchema = z.object({
  /** 1-based number of the data row (the header is not counted). */
  row: z.number().int(),
  property: z.string(),
  message: z.string(),
});

/** One field of an existing contact that the import changes; values as text ("" when empty). */
export const importFieldChangeSchema = z.object({
  field: z.enum(contactImportFields),
  from: z.string(),
  to: z.string(),
});
export type ImportFieldChange = z.infer<typeof importFieldChangeSchema>;

/** What a row does to the existing contact with its email: every field it changes, old and new. */
export const importContactChangesSchema = z.object({
  /** 1-based number of the data row, as in `errors`. */
  row: z.number().int(),
  email: z.string(),
  fields: z.array(importFieldChangeSchema),
});
export type ImportContactChanges = z.infer<typeof importContactChangesSchema>;

export const importResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  tagsCreated: z.number().int(),
  errors: z.array(importRowErrorSchema),
  /** One entry per updated contact, in row order; a dry run says this before anything is written. */
  changes: z.array(importContactChangesSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
