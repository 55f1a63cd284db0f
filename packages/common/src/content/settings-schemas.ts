import { z } from "zod";
import {
  CANCELLATION_REASON_MAX_LENGTH,
  MAX_CANCELLATION_REASONS,
  OTHER_CANCELLATION_REASON,
  feeRegions,
} from "../contributions/constants.js";
import { TEXT_LIMITS } from "../http/limits.js";
import { MAX_GRACE_DAYS, MIN_GRACE_DAYS } from "../recovery/constants.js";
import { urlSchema } from "../http/urls.js";
import { MAX_CONTACT_SETTING_NAMES } from "./settings-constants.js";

/*
 * The smaller settings of `/content/{id}`: profile, contacts, email, share,
 * payment and telegram. Each has its full shape (what GET answers) and a
 * partial, strict update shape. Read-only fields may be sent back unchanged
 * by clients that PATCH what they read; they are accepted and ignored.
 */

const readOnly = z
  .unknown()
  .optional()
  .transform(() => undefined);

const optionalEmail = z
  .string()
  .trim()
  .max(TEXT_LIMITS.email)
  .refine((value) => value === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), { message: "Invalid email" });

// ---------------------------------------------------------------- profile

export const profileContentSchema = z.object({
  /** HTML shown above the member's profile page; cleaned on write. */
  introMessage: z.string().max(TEXT_LIMITS.html),
});
export type ProfileContent = z.infer<typeof profileContentSchema>;
export const updateProfileContentSchema = profileContentSchema.partial().strict();
export type UpdateProfileContent = z.infer<typeof updateProfileContentSchema>;

// ---------------------------------------------------------------- contacts

const settingName = z.string().trim().min(1).max(TEXT_LIMITS.name);

export const contactsContentSchema = z.object({
  /** Tag names offered when tagging contacts. */
  tags: z.array(settingName).max(MAX_CONTACT_SETTING_NAMES),
  /** Where manual contributions come from (cash, bank transfer…), offered when recording one. */
  manualPaymentSources: z.array(settingName).max(MAX_CONTACT_SETTING_NAMES),
});
export type ContactsContent = z.infer<typeof contactsContentSchema>;
export const updateContactsContentSchema = contactsContentSchema.partial().strict();
export type UpdateContactsContent = z.infer<typeof updateContactsContentSchema>;

// ---------------------------------------------------------------- email

export const emailContentSchema = z.object({
  supportEmail: optionalEmail,
  supportEmailName: z.string().trim().max(TEXT_LIMITS.short),
  /** Read-only: the footer every email carries (HTML). */
  footer: z.string(),
});
export type EmailContent = z.infer<typeof emailContentSchema>;
export const updateEmailContentSchema = emailContentSchema
  .omit({ footer: true })
  .partial()
  .extend({ footer: readOnly })
  .strict();
export type UpdateEmailContent = z.infer<typeof updateEmailContentSchema>;

// ---------------------------------------------------------------- share

export const shareContentSchema = z.object({
  title: z.string().trim().max(TEXT_LIMITS.short),
  description: z.string().trim().max(TEXT_LIMITS.medium),
  image: urlSchema("image", { allowEmpty: true }),
  twitterHandle: z
    .string()
    .trim()
    .max(16)
    .regex(/^@?\w*$/, { message: "Invalid handle" }),
});
export type ShareContent = z.infer<typeof shareContentSchema>;
export const updateShareContentSchema = shareContentSchema.partial().strict();
export type UpdateShareContent = z.infer<typeof updateShareContentSchema>;

// ---------------------------------------------------------------- payment

export const paymentContentSchema = z.object({
  /** Read-only: the publishable key of the configured Stripe account, or "". */
  stripePublicKey: z.string(),
  /** Read-only: the fee region of the organisation's currency. */
  stripeCountry: z.enum(feeRegions),
  taxRateEnabled: z.boolean(),
  /** Percent, included in the amount paid. */
  taxRate: z.number().min(0).max(100),
  /** What a member may pick as the reason for cancelling; "other" with their own words is always offered. */
  cancellationReasons: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(CANCELLATION_REASON_MAX_LENGTH)
        .refine((reason) => reason.toLowerCase() !== OTHER_CANCELLATION_REASON, {
          message: '"other" is always offered',
        }),
    )
    .max(MAX_CANCELLATION_REASONS),
  /** Whether a member who pauses their payments stays a member through the pause (decision 067). */
  pausedStaysMember: z.boolean(),
  /** Days a failed renewal keeps the membership active while it is retried (decision 066). */
  paymentGraceDays: z.number().int().min(MIN_GRACE_DAYS).max(MAX_GRACE_DAYS),
});
export type PaymentContent = z.infer<typeof paymentContentSchema>;
export const updatePaymentContentSchema = paymentContentSchema
  .omit({ stripePublicKey: true, stripeCountry: true })
  .partial()
  .extend({ stripePublicKey: readOnly, stripeCountry: readOnly })
  .strict();
export type UpdatePaymentContent = z.infer<typeof updatePaymentContentSchema>;

// ---------------------------------------------------------------- telegram

export const telegramContentSchema = z.object({
  /** Markdown sent to people who start a chat with the organisation's bot. */
  welcomeMessageMd: z.string().max(TEXT_LIMITS.long),
});
export type TelegramContent = z.infer<typeof telegramContentSchema>;
export const updateTelegramContentSchema = telegramContentSchema.partial().strict();
export type UpdateTelegramContent = z.infer<typeof updateTelegramContentSchema>;
