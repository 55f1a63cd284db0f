import { z } from "zod";
import { contributionPeriods } from "@cohort/common/payments";
import type { Contact, CreateContact, UpdateContact } from "@cohort/common/contacts";
import {
  addressPartSchemas,
  contactNameSchema,
  contactNotesSchema,
  isEmptyAddress,
  missingAddressParts,
  newsletterStatuses,
  passwordSchema,
  roleTypeSchema,
  telephoneSchema,
} from "@cohort/common/contacts";
import { SOURCE_MAX_LENGTH } from "@cohort/common/contributions";
import type { PlainMessageKey } from "@cohort/common/validation";
import { message } from "@cohort/common/validation";
import { requiredEmailSchema } from "../../../../app/forms/field-schemas";
import { locales } from "@cohort/common/i18n";
import { dateInputToIso } from "./date-input";

/** The shared name rule, required here. */
const nameSchema = (required: PlainMessageKey) => contactNameSchema.min(1, { message: message(required) });

/** The shared address parts; which ones are required is checked with the opt-in (see `checkAddress`). */
const addressSchema = z.object(addressPartSchemas);

const profileFieldsSchema = z.object({
  telephone: telephoneSchema,
  newsletterStatus: z.enum(newsletterStatuses),
  deliveryOptIn: z.boolean(),
  deliveryAddress: addressSchema,
  notes: contactNotesSchema,
});

/** What the add and the account forms share. */
const contactDetailsShape = {
  firstname: nameSchema("validation.firstnameRequired"),
  lastname: nameSchema("validation.lastnameRequired"),
  email: requiredEmailSchema,
  profile: profileFieldsSchema,
};

/** The shared rule: an address is needed for delivery, and one that is started must be complete. */
function checkAddress(profile: z.output<typeof profileFieldsSchema>, context: z.RefinementCtx): void {
  for (const { part, message } of missingAddressParts(profile.deliveryAddress, profile.deliveryOptIn)) {
    context.addIssue({ code: "custom", path: ["profile", "deliveryAddress", part], message });
  }
}

/** Empty, or a password that meets the shared rule (with its own messages). */
const optionalPasswordSchema = z.string().superRefine((value, context) => {
  if (!value) return;
  const result = passwordSchema.safeParse(value);
  for (const issue of result.error?.issues ?? []) context.addIssue({ code: "custom", message: issue.message });
});

export const roleFormSchema = z
  .object({
    role: roleTypeSchema,
    dateAdded: z.string().min(1, { message: message("validation.dateRequired") }),
    dateExpires: z.string(),
  })
  .refine((role) => !role.dateExpires || !role.dateAdded || role.dateExpires > role.dateAdded, {
    path: ["dateExpires"],
    message: message("validation.expiryAfterStart"),
  });
export type RoleFormValues = z.output<typeof roleFormSchema>;

/** A contribution recorded by hand: the amount is typed as text, in major units. */
const manualContributionFormSchema = z
  .object({
    type: z.enum(["None", "Manual"]),
    amount: z.string().trim(),
    period: z.enum(contributionPeriods),
    source: z
      .string()
      .trim()
      .max(SOURCE_MAX_LENGTH, { message: message("validation.tooLong", { max: SOURCE_MAX_LENGTH }) }),
  })
  .superRefine((value, context) => {
    if (value.type !== "Manual") return;
    if (!value.amount) {
      context.addIssue({ code: "custom", path: ["amount"], message: message("validation.required") });
    } else if (!/^\d+(\.\d{1,2})?$/.test(value.amount) || Number(value.amount) <= 0) {
      context.addIssue({ code: "custom", path: ["amount"], message: message("validation.amountInvalid") });
    }
  });

export const addContactFormSchema = z
  .object({
    ...contactDetailsShape,
    password: optionalPasswordSchema,
    roles: z.array(roleFormSchema),
    contribution: manualContributionFormSchema,
    tags: z.array(z.string()),
  })
  .superRefine((values, context) => checkAddress(values.profile, context));
export type AddContactFormInput = z.input<typeof addContactFormSchema>;
export type AddContactFormValues = z.output<typeof addContactFormSchema>;

export const contactAccountFormSchema = z
  .object({
    ...contactDetailsShape,
    /** The language of the contact's emails; empty for the organisation's. */
    locale: z.union([z.enum(locales), z.literal("")]),
  })
  .superRefine((values, context) => checkAddress(values.profile, context));
export type ContactAccountFormInput = z.input<typeof contactAccountFormSchema>;
export type ContactAccountFormValues = z.output<typeof contactAccountFormSchema>;

/** The fields both forms share, for the components that render them. */
export type ContactDetailsFormInput = Pick<ContactAccountFormInput, keyof typeof contactDetailsShape>;

export const emptyAddress = { line1: "", line2: "", city: "", postcode: "" };

/** Field paths the server may report errors for, as the forms name them. */
export const contactServerFields = [
  "firstname",
  "lastname",
  "email",
  "profile.telephone",
  "profile.newsletterStatus",
  "profile.deliveryOptIn",
  "profile.deliveryAddress.line1",
  "profile.deliveryAddress.line2",
  "profile.deliveryAddress.city",
  "profile.deliveryAddress.postcode",
  "profile.notes",
] as const;

function profilePayload(profile: z.output<typeof profileFieldsSchema>) {
  return {
    telephone: profile.telephone,
    newsletterStatus: profile.newsletterStatus,
    deliveryOptIn: profile.deliveryOptIn,
    deliveryAddress: isEmptyAddress(profile.deliveryAddress) ? null : profile.deliveryAddress,
    notes: profile.notes,
  };
}

export function toCreateContact(values: AddContactFormValues): CreateContact {
  return {
    email: values.email,
    firstname: values.firstname,
    lastname: values.lastname,
    ...(values.password ? { password: values.password } : {}),
    profile: profilePayload(values.profile),
    ...(values.roles.length > 0
      ? {
          roles: values.roles.map((role) => ({
            role: role.role,
            dateAdded: dateInputToIso(role.dateAdded),
            dateExpires: role.dateExpires ? dateInputToIso(role.dateExpires) : null,
          })),
        }
      : {}),
    ...(values.contribution.type === "Manual"
      ? {
          contribution: {
            type: "Manual" as const,
            amount: Number(values.contribution.amount),
            period: values.contribution.period,
            ...(values.contribution.source ? { source: values.contribution.source } : {}),
          },
        }
      : {}),
    ...(values.tags.length > 0 ? { tags: values.tags } : {}),
  };
}

export function toUpdateContact(values: ContactAccountFormValues): UpdateContact {
  return {
    email: values.email,
    firstname: values.firstname,
    lastname: values.lastname,
    profile: profilePayload(values.profile),
    locale: values.locale === "" ? null : values.locale,
  };
}

/** The account form filled in from a loaded contact. */
export function accountFormValues(contact: Contact): ContactAccountFormInput {
  const profile = contact.profile;
  return {
    firstname: contact.firstname,
    lastname: contact.lastname,
    email: contact.email,
    profile: {
      telephone: profile?.telephone ?? "",
      newsletterStatus: profile?.newsletterStatus ?? "none",
      deliveryOptIn: profile?.deliveryOptIn ?? false,
      deliveryAddress: profile?.deliveryAddress ?? emptyAddress,
      notes: profile?.notes ?? "",
    },
    locale: contact.locale ?? "",
  };
}
