import { z } from "zod";
import { newsletterStatuses } from "./constants.js";
import type { ContactCsvColumn } from "./csv.js";

import { emailSchema } from "./schemas.js";
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
    .max(max, { message: `Maximum length of ${max} characters exceeded` })
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
    firstname: cell(100),
    lastname: cell(100),
    telephone: cell(50),
    newsletterStatus: cell(20).pipe(z.string().toLowerCase().pipe(z.enum(newsletterStatuses)).optional()),
    newsletterGroups: list,
    deliveryOptIn: yesNo,
    deliveryAddressLine1: cell(200),
    deliveryAddressLine2: cell(200),
    deliveryAddressCity: cell(100),
    deliveryAddressPostcode: cell(20),
    tags: list,
    notes: cell(10_000),
    membershipStarts: date,
    membershipExpires: date,
  })
  .superRefine((row, context) => {
    const address = [row.deliveryAddressLine1, row.deliveryAddressCity, row.deliveryAddressPostcode];
    if (address.some(Boolean)) {
      if (!row.deliveryAddressLine1) {
        context.addIssue({ code: "custom", path: ["deliveryAddressLine1"], message: "Address line 1 is required" });
      }
      if (!row.deliveryAddressCity) {
        context.addIssue({ code: "custom", path: ["deliveryAddressCity"], message: "City/Town is required" });
      }
      if (!row.deliveryAddressPostcode) {
        context.addIssue({ code: "custom", path: ["deliveryAddressPostcode"], message: "Postcode is required" });
      }
    }
    if (row.membershipExpires && !row.membershipStarts) {
      context.addIssue({ code: "custom", path: ["membershipStarts"], message: "This field is required" });
    }
    if (
      row.membershipStarts &&
      row.membershipExpires &&
      Date.parse(row.membershipExpires) <= Date.parse(row.membershipStarts)
    ) {
      context.addIssue({
        code: "custom",
        path: ["membershipExpires"],
        message: "The expiry date must be after the start date",
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

export const importResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  tagsCreated: z.number().int(),
  errors: z.array(importRowErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
