import { z } from "zod";
import { isoDateSchema } from "../contacts/schemas.js";
import { locales } from "../i18n/index.js";
import { message } from "../validation/index.js";

/** The emails Cohort sends. Each has a built-in text and may get an admin's own wording per locale. */
export const emailTemplateIds = [
  "confirm-email",
  "welcome",
  "email-exists-login",
  "email-exists-set-password",
  "reset-password",
  "reset-device",
  "confirm-email-change",
  "email-change-requested",
  "contribution-changed",
  "cancelled-contribution",
  "payment-failed",
  "payment-recovered",
  "payment-reminder",
  "manual-to-automatic",
  "contribution-didnt-start",
  "gift-thanks",
  "new-member",
  "cancelled-member",
  "confirm-callout-response",
  "new-callout-response",
  "callout-response-notice",
  "callout-response-threshold",
  "callout-response-digest",
  "webhook-endpoint-paused",
] as const;
export type EmailTemplateId = (typeof emailTemplateIds)[number];

export function isEmailTemplateId(value: unknown): value is EmailTemplateId {
  return typeof value === "string" && (emailTemplateIds as readonly string[]).includes(value);
}

/** Filled in for every email: the organisation's name and support address, the recipient's address and names. */
export const commonMergeFields = ["ORGNAME", "SUPPORTEMAIL", "EMAIL", "NAME", "FNAME", "LNAME"] as const;

/** The merge fields each email offers on top of the common ones. */
export const templateMergeFields: Record<EmailTemplateId, readonly string[]> = {
  "confirm-email": ["CONFIRMLINK"],
  welcome: ["LOGINLINK"],
  "email-exists-login": ["LOGINLINK"],
  "email-exists-set-password": ["SPLINK"],
  "reset-password": ["RPLINK"],
  "reset-device": ["RPLINK"],
  "confirm-email-change": ["CONFIRMLINK", "NEWEMAIL"],
  "email-change-requested": ["NEWEMAIL"],
  "contribution-changed": ["AMOUNT", "STARTDATE"],
  "cancelled-contribution": ["EXPIRES"],
  "payment-failed": ["AMOUNT", "UPDATELINK"],
  "payment-recovered": ["AMOUNT"],
  "payment-reminder": ["AMOUNT", "UPDATELINK", "EXPIRES"],
  "manual-to-automatic": [],
  "contribution-didnt-start": [],
  "gift-thanks": ["AMOUNT", "RECEIPTNUMBER", "LOGINLINK"],
  "new-member": ["MEMBERID", "MEMBERNAME"],
  "cancelled-member": ["MEMBERID", "MEMBERNAME", "REASON"],
  "confirm-callout-response": ["CALLOUTTITLE", "CALLOUTLINK", "CONFIRMLINK"],
  "new-callout-response": ["CALLOUTSLUG", "CALLOUTTITLE", "RESPNAME"],
  "callout-response-notice": ["CALLOUTTITLE", "RESPONSENUMBER", "RESPONSELINK"],
  "callout-response-threshold": ["CALLOUTTITLE", "THRESHOLD", "RESPONSESLINK"],
  "callout-response-digest": ["CALLOUTTITLE", "DIGESTDATE", "RESPONSECOUNT", "RESPONSELIST", "RESPONSESLINK"],
  "webhook-endpoint-paused": ["ENDPOINTURL", "WEBHOOKSLINK"],
};

/** Every merge field a template may use. */
export function allowedMergeFields(templateId: EmailTemplateId): string[] {
  return [...commonMergeFields, ...templateMergeFields[templateId]];
}

/** A merge tag is `*|NAME|*`: capital letters, digits and underscores between `*|` and `|*`. */
export const MERGE_TAG_PATTERN = /\*\|([A-Z0-9_]+)\|\*/g;

/**
 * What is wrong with the merge tags of a subject or body, by rule (as in an
 * API field error): tags the template does not offer, and `*|` left unclosed
 * or holding anything but capitals, digits and underscores. Empty when all is well.
 */
export function mergeTagProblems(text: string, allowed: readonly string[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const unknown = new Set<string>();
  for (const match of text.matchAll(MERGE_TAG_PATTERN)) {
    if (!allowed.includes(match[1]!)) unknown.add(match[1]!);
  }
  if (unknown.size > 0) {
    const tags = [...unknown].map((name) => `*|${name}|*`).join(", ");
    const offered = allowed.map((name) => `*|${name}|*`).join(", ");
    problems.unknownMergeField = `Unknown merge field ${tags}; this email offers ${offered}.`;
  }
  if (text.replace(MERGE_TAG_PATTERN, "").includes("*|")) {
    problems.mergeTagSyntax = "A merge tag is not closed or not written in capitals, like *|FNAME|*.";
  }
  return problems;
}

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 20_000;

export const emailTemplateSchema = z.object({
  id: z.enum(emailTemplateIds),
  locale: z.enum(locales),
  subject: z.string(),
  body: z.string(),
  /** True when this locale has no saved wording and the built-in (or fallback) text applies. */
  isDefault: z.boolean(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/**
 * A template's new wording. An empty subject or text is allowed, as clients
 * of the reference API send them (decision 024); the editor warns instead.
 */
export const updateEmailTemplateSchema = z
  .object({
    subject: z
      .string()
      .trim()
      .max(EMAIL_SUBJECT_MAX, { message: message("adminEmails.editor.subjectTooLong", { max: EMAIL_SUBJECT_MAX }) })
      .refine((value) => !/[\r\n]/.test(value), { message: message("adminEmails.editor.subjectOneLine") }),
    body: z
      .string()
      .trim()
      .max(EMAIL_BODY_MAX, { message: message("adminEmails.editor.bodyTooLong", { max: EMAIL_BODY_MAX }) }),
    /*
     * Read-only fields of what `GET /email/{id}` answers. Clients that send
     * back what they read (the reference's web app does) may include them;
     * they are accepted and dropped (decision 024). The path and the locale
     * query say which template is saved. Any other field is still refused.
     */
    id: z.enum(emailTemplateIds).optional(),
    locale: z.enum(locales).optional(),
    isDefault: z.boolean().optional(),
  })
  .strict()
  .transform(({ subject, body }) => ({ subject, body }));
export type UpdateEmailTemplate = z.infer<typeof updateEmailTemplateSchema>;

export const emailLocaleQuerySchema = z.object({ locale: z.enum(locales).optional() }).strict();

/**
 * Where an email stands: sent; waiting for its first try; retrying after a
 * failure; failed for good after the last try; or stored only, because no
 * mail server is configured.
 */
export const emailStatuses = ["sent", "queued", "retrying", "failed", "stored"] as const;
export type EmailStatus = (typeof emailStatuses)[number];

/** How many times the server tries to hand an email to the mail server. */
export const EMAIL_MAX_ATTEMPTS = 5;

export const outboxEmailSchema = z.object({
  id: z.string(),
  templateId: z.string().nullable(),
  to: z.object({ email: z.string(), name: z.string() }),
  subject: z.string(),
  createdAt: isoDateSchema,
  sentAt: isoDateSchema.nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  status: z.enum(emailStatuses),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const outboxEmailDetailSchema = outboxEmailSchema.extend({
  contactId: z.string().nullable(),
  textBody: z.string(),
  htmlBody: z.string(),
  mergeFields: z.record(z.string(), z.string()),
});
export type OutboxEmailDetail = z.infer<typeof outboxEmailDetailSchema>;

export const outboxQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(25),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;
