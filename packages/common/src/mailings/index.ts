import { z } from "zod";
import { isoDateSchema } from "../contacts/schemas.js";
import { EMAIL_SUBJECT_MAX, mergeTagProblems } from "../emails/index.js";
import { ruleGroupSchema } from "../filters/grammar.js";
import { locales, type Locale } from "../i18n/index.js";
import { message } from "../validation/index.js";

/**
 * An email an admin writes to many contacts at once (Admin → Emails → New email).
 * `marketing` goes only to contacts whose newsletter status allows it and
 * carries an unsubscribe link; `service` (about their membership) goes to all.
 */
export const mailingKinds = ["marketing", "service"] as const;
export type MailingKind = (typeof mailingKinds)[number];

/** draft → scheduled (or straight to sending) → sending → sent; a scheduled one may be cancelled back to a draft. */
export const mailingStatuses = ["draft", "scheduled", "sending", "sent"] as const;
export type MailingStatus = (typeof mailingStatuses)[number];

/** Where one recipient stands. `skipped` recipients never get it (see `skipReasons`). */
/** `unknown`: a server copy died while handing the message over, so it may or may not have arrived (decision 065). */
export const recipientStatuses = ["queued", "sending", "sent", "failed", "skipped", "unknown"] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];

/** Why a marketing email passes a contact over: their newsletter status. */
export const skipReasons = ["unsubscribed", "cleaned"] as const;
export type SkipReason = (typeof skipReasons)[number];

/** Merge fields of a written email; each is filled in per recipient. */
export const mailingMergeFields = [
  "ORGNAME",
  "SUPPORTEMAIL",
  "EMAIL",
  "NAME",
  "FNAME",
  "LNAME",
  "AMOUNT",
  "LOGINLINK",
  "UPDATELINK",
  "PROFILELINK",
  "SITELINK",
] as const;
export type MailingMergeField = (typeof mailingMergeFields)[number];

export const MAILING_BODY_MAX = 100_000;
export const MAILING_NAME_MAX = 200;

const subjectSchema = z
  .string()
  .trim()
  .min(1, { message: message("adminMailings.editor.subjectRequired") })
  .max(EMAIL_SUBJECT_MAX, { message: message("adminEmails.editor.subjectTooLong", { max: EMAIL_SUBJECT_MAX }) })
  .refine((value) => !/[\r\n]/.test(value), { message: message("adminEmails.editor.subjectOneLine") });

const bodySchema = z
  .string()
  .max(MAILING_BODY_MAX, { message: message("adminEmails.editor.bodyTooLong", { max: MAILING_BODY_MAX }) });

function mergeTagsOk(value: string): boolean {
  return Object.keys(mergeTagProblems(value, mailingMergeFields)).length === 0;
}

/** One language's wording: a subject and an HTML body, both with `*|FIELD|*` merge tags. */
export const mailingVersionSchema = z
  .object({
    subject: subjectSchema.refine(mergeTagsOk, { message: message("adminMailings.editor.unknownMergeField") }),
    body: bodySchema.refine(mergeTagsOk, { message: message("adminMailings.editor.unknownMergeField") }),
  })
  .strict();
export type MailingVersion = z.infer<typeof mailingVersionSchema>;

/** Versions by locale; at least one. Recipients get their locale's, else along the fallback chain. */
export const mailingVersionsSchema = z
  .partialRecord(z.enum(locales), mailingVersionSchema)
  .refine((versions) => Object.keys(versions).length > 0, {
    message: message("adminMailings.editor.versionRequired"),
  });
export type MailingVersions = Partial<Record<Locale, MailingVersion>>;

/** Who gets it: a saved segment, a contact filter (answer filters included), or a callout's respondents. */
export const mailingRecipientsSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("segment"), segmentId: z.uuid() }).strict(),
  z.object({ type: z.literal("rules"), rules: ruleGroupSchema }).strict(),
  z.object({ type: z.literal("callout"), calloutId: z.uuid() }).strict(),
]);
export type MailingRecipients = z.infer<typeof mailingRecipientsSchema>;

export const createMailingSchema = z
  .object({
    kind: z.enum(mailingKinds),
    recipients: mailingRecipientsSchema,
    versions: mailingVersionsSchema,
  })
  .strict();
export type CreateMailing = z.infer<typeof createMailingSchema>;

export const updateMailingSchema = createMailingSchema.partial().strict();
export type UpdateMailing = z.infer<typeof updateMailingSchema>;

/** Send now (no `at`) or at a set time. */
export const sendMailingSchema = z.object({ at: isoDateSchema.optional() }).strict();
export type SendMailing = z.infer<typeof sendMailingSchema>;

export const recipientCountsSchema = z.object({
  /** Contacts the recipients choice matches. */
  total: z.number().int().min(0),
  /** Of those, how many would get it. */
  willSend: z.number().int().min(0),
  /** Passed over, by reason (marketing emails only). */
  skipped: z.object({ unsubscribed: z.number().int().min(0), cleaned: z.number().int().min(0) }),
});
export type RecipientCounts = z.infer<typeof recipientCountsSchema>;

export const countRecipientsSchema = z
  .object({ kind: z.enum(mailingKinds), recipients: mailingRecipientsSchema })
  .strict();
export type CountRecipients = z.infer<typeof countRecipientsSchema>;

export const mailingProgressSchema = z.object({
  queued: z.number().int().min(0),
  sending: z.number().int().min(0),
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  skipped: z.number().int().min(0),
  unknown: z.number().int().min(0),
  /** Of the sent, those sent again after a server copy died before handing them over. */
  resent: z.number().int().min(0),
});
export type MailingProgress = z.infer<typeof mailingProgressSchema>;

export const mailingSchema = z.object({
  id: z.string(),
  kind: z.enum(mailingKinds),
  status: z.enum(mailingStatuses),
  recipients: mailingRecipientsSchema,
  versions: z.partialRecord(z.enum(locales), z.object({ subject: z.string(), body: z.string() })),
  /** The subject in the organisation's language (else the first version's), for lists. */
  subject: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  progress: mailingProgressSchema,
});
export type Mailing = z.infer<typeof mailingSchema>;

export const mailingListSchema = z.object({ items: z.array(mailingSchema) });

export const mailingRecipientSchema = z.object({
  contactId: z.string().nullable(),
  email: z.string(),
  status: z.enum(recipientStatuses),
  /** Why it failed (the mail server's answer) or was skipped. */
  reason: z.string().nullable(),
  attempts: z.number().int().min(0),
  sentAt: z.string().nullable(),
});
export type MailingRecipient = z.infer<typeof mailingRecipientSchema>;

export const mailingRecipientQuerySchema = z
  .object({
    status: z.enum(recipientStatuses).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  })
  .strict();

export const mailingPreviewQuerySchema = z
  .object({
    contactId: z.uuid().optional(),
    /** Or the contact with this address. */
    email: z.string().trim().toLowerCase().max(320).optional(),
    locale: z.enum(locales).optional(),
  })
  .strict();

export const mailingPreviewSchema = z.object({
  locale: z.enum(locales),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type MailingPreview = z.infer<typeof mailingPreviewSchema>;

/** An email a contact was sent (their page lists these). */
export const contactMailingSchema = z.object({
  mailingId: z.string(),
  subject: z.string(),
  kind: z.enum(mailingKinds),
  status: z.enum(recipientStatuses),
  reason: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type ContactMailing = z.infer<typeof contactMailingSchema>;

export const unsubscribeResultSchema = z.object({ status: z.literal("unsubscribed") });
