import type { EmailStatus, EmailTemplateId, OutboxEmail, OutboxEmailDetail, OutboxQuery } from "@cohort/common/emails";
import { allowedMergeFields, EMAIL_MAX_ATTEMPTS } from "@cohort/common/emails";
import type { Locale } from "@cohort/common/i18n";
import { isLocale } from "@cohort/common/i18n";
import { isUuid } from "@cohort/common/http";
import type { AppContext } from "../../context.js";
import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { notFound } from "../../http/errors.js";
import { Batcher, batcherOf } from "../../lib/batcher.js";
import { getGeneralContent } from "../content/service.js";
import { deliverSoon } from "./delivery.js";
import type { MergeValueFormat } from "./merge-values.js";
import { formatMergeValue, needsPeriod } from "./merge-values.js";
import * as queries from "./queries.js";
import { emailFooterHtml, renderEmail } from "../../lib/email-render.js";
import { templateToSend } from "./templates.js";

export { getEmailTemplate, resetEmailTemplate, saveEmailTemplate } from "./templates.js";

export interface SendEmailInput {
  templateId: EmailTemplateId;
  to: { email: string; name?: string | undefined };
  /** The contact it is about, if any; kept so the outbox shows whose email it was. */
  contactId?: string | null | undefined;
  /**
   * The recipient's locale when the caller knows it (a `Locale`); otherwise
   * the locale stored for the contact with the recipient's address, else the
   * organisation's (decision 039).
   */
  locale?: string | null | undefined;
  /**
   * Values for the template's merge tags, by name without `*|` and `|*`.
   * Amounts (in major units) and days are written out in the email's
   * language and the site's currency (see `merge-values.ts`).
   */
  mergeFields?: Readonly<Record<string, string | number | Date>> | undefined;
}

/** Links a template offers that have an obvious default when the caller gives none. */
function defaultLinks(appUrl: string): Record<string, string> {
  return { LOGINLINK: `${appUrl}/auth/login`, UPDATELINK: `${appUrl}/profile/contribution` };
}

/** The given locale, else the one stored for the contact with this address, else the organisation's. */
async function recipientLocale(
  ctx: AppContext,
  given: string | null | undefined,
  email: string,
  organisationLocale: Locale,
): Promise<Locale> {
  if (isLocale(given)) return given;
  const stored = await batcherOf(localeBatchers, ctx.db, () => localeBatcher(ctx.db)).add(email);
  return isLocale(stored) ? stored : organisationLocale;
}

const localeBatchers = new WeakMap<Db, Batcher<string, string | null>>();

/** Looks up the stored locales of the recipients of emails being made at the same moment with one statement. */
function localeBatcher(db: Db): Batcher<string, string | null> {
  return new Batcher(
    async (emails) => {
      const found = await queries.findContactLocales(db, emails);
      return emails.map((email) => found.get(email.toLowerCase()) ?? null);
    },
    { max: 100 },
  );
}

/**
 * A link into the app opens the app in the email's language: `lang` is added
 * to the app's own addresses (only when the email is not in the
 * organisation's language, which the app shows anyway).
 */
export function withLanguage(field: string, value: string, appUrl: string, locale: Locale | null): string {
  if (!locale || !field.endsWith("LINK") || !URL.canParse(value)) return value;
  const url = new URL(value);
  if (url.origin !== new URL(appUrl).origin) return value;
  url.searchParams.set("lang", locale);
  return url.toString();
}

/** An email filled in from its template, as the outbox keeps it. */
export type ComposedEmail = queries.NewOutboxRow & { id: string };

/**
 * Fills one email in from its template in the recipient's locale, without
 * writing it: `sendEmail` writes it at once, and a caller that writes it in
 * a statement of its own calls `emailWritten` once that has committed.
 */
export async function composeEmail(ctx: AppContext, input: SendEmailInput): Promise<ComposedEmail> {
  const general = await getGeneralContent(ctx);
  const email = input.to.email.trim();
  const locale = await recipientLocale(ctx, input.locale, email, general.locale);
  const fields = input.mergeFields ?? {};
  const format: MergeValueFormat = {
    locale,
    currencyCode: general.currencyCode,
    period:
      input.contactId && needsPeriod(input.templateId, fields)
        ? await queries.findContributionPeriod(ctx.db, input.contactId)
        : null,
  };
  const given = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, formatMergeValue(input.templateId, key, value, format)]),
  );
  const fullName = [given.FNAME, given.LNAME].filter(Boolean).join(" ");
  const toName = input.to.name?.trim() || fullName;
  const available: Record<string, string> = {
    ORGNAME: general.organisationName,
    SUPPORTEMAIL: general.supportEmail,
    EMAIL: email,
    NAME: toName || email,
    FNAME: "",
    LNAME: "",
    ...defaultLinks(ctx.config.appUrl),
    ...given,
  };
  const mergeFields = Object.fromEntries(
    allowedMergeFields(input.templateId).map((name) => [
      name,
      withLanguage(name, available[name] ?? "", ctx.config.appUrl, locale === general.locale ? null : locale),
    ]),
  );
  const template = await templateToSend(ctx, input.templateId, locale);
  const footer = emailFooterHtml({ ...general, appUrl: ctx.config.appUrl });
  const rendered = renderEmail(template, mergeFields, locale, footer);
  return {
    id: ctx.newId(),
    templateId: input.templateId,
    contactId: input.contactId ?? null,
    toAddress: email,
    toName,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
    mergeFields,
    createdAt: ctx.clock.now(),
  };
}

/**
 * Call once a composed email is in the outbox (its transaction committed):
 * with SMTP configured, a delivery try starts at once in the background (a
 * failure is recorded on the row and retried by the delivery loop); the
 * caller never waits for the mail server.
 */
export function emailWritten(ctx: AppContext, email: Pick<ComposedEmail, "id" | "templateId">): void {
  if (ctx.email.delivers) {
    deliverSoon(ctx, email.id);
  } else {
    ctx.log.info({ emailId: email.id, templateId: email.templateId }, "email kept in the outbox (no SMTP_URL)");
  }
}

/**
 * Writes one email to the outbox, filled in from its template in the
 * recipient's locale. Pass `options.db` to write it inside the caller's
 * transaction; it is then sent only once that transaction has committed.
 * With SMTP configured, a delivery try starts at once in the background
 * (see `emailWritten`).
 */
export async function sendEmail(
  ctx: AppContext,
  input: SendEmailInput,
  options: { db?: Db } = {},
): Promise<{ id: string }> {
  const db = options.db ?? ctx.db;
  const email = await composeEmail({ ...ctx, db }, input);
  await queries.insertOutboxEmail(db, email);
  emailWritten(ctx, email);
  return { id: email.id };
}

/**
 * Tells the organisation about a member (`new-member`, `cancelled-member`) at
 * its support address or, while none is set, at each admin's own address, so
 * that no join or cancellation goes unnoticed on a new install.
 */
export async function notifyOrganisation(
  ctx: AppContext,
  templateId: "new-member" | "cancelled-member",
  member: { id: string; email: string; firstname: string; lastname: string },
  options: { db?: Db; mergeFields?: Record<string, string> } = {},
): Promise<void> {
  const db = options.db ?? ctx.db;
  const { supportEmail } = await getGeneralContent({ ...ctx, db });
  const recipients = supportEmail.trim()
    ? [supportEmail.trim()]
    : await queries.findActiveAdminAddresses(db, ctx.clock.now());
  const memberName = [member.firstname, member.lastname].filter(Boolean).join(" ") || member.email;
  for (const email of recipients) {
    await sendEmail(
      ctx,
      {
        templateId,
        to: { email },
        contactId: member.id,
        mergeFields: { ...options.mergeFields, MEMBERID: member.id, MEMBERNAME: memberName },
      },
      options,
    );
  }
}

/** Writes one email to each active admin and superadmin, at their own address. */
export async function emailAdmins(
  ctx: AppContext,
  templateId: EmailTemplateId,
  mergeFields: Record<string, string>,
): Promise<void> {
  for (const email of await queries.findActiveAdminAddresses(ctx.db, ctx.clock.now())) {
    await sendEmail(ctx, { templateId, to: { email }, mergeFields });
  }
}

function statusOf(row: Pick<queries.OutboxRow, "sentAt" | "attempts" | "lastError">, delivers: boolean): EmailStatus {
  if (row.sentAt) return "sent";
  if (row.attempts >= EMAIL_MAX_ATTEMPTS) return "failed";
  if (row.lastError !== null) return "retrying";
  return delivers ? "queued" : "stored";
}

function presentOutboxEmail(
  row: Omit<queries.OutboxRow, "textBody" | "htmlBody" | "mergeFields">,
  delivers: boolean,
): OutboxEmail {
  return {
    id: row.id,
    templateId: row.templateId,
    to: { email: row.toAddress, name: row.toName },
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    attempts: row.attempts,
    lastError: row.lastError,
    status: statusOf(row, delivers),
  };
}

export async function listOutboxEmails(
  ctx: AppContext,
  page: OutboxQuery,
): Promise<{ items: OutboxEmail[]; total: number; offset: number; count: number }> {
  const { items, total } = await queries.listOutboxEmails(ctx.db, page);
  const presented = items.map((row) => presentOutboxEmail(row, ctx.email.delivers));
  return { items: presented, total, offset: page.offset, count: presented.length };
}

export async function getOutboxEmail(ctx: AppContext, id: string): Promise<OutboxEmailDetail> {
  const row = isUuid(id) ? await queries.findOutboxEmail(ctx.db, id) : undefined;
  if (!row) throw notFound("No email with that id");
  return {
    ...presentOutboxEmail(row, ctx.email.delivers),
    contactId: row.contactId,
    textBody: row.textBody,
    htmlBody: row.htmlBody,
    mergeFields: row.mergeFields,
  };
}

/**
 * Writes an email made elsewhere (not from a template: an admin's own
 * email to many, a test of one) to the outbox as it is; `emailWritten`
 * then starts its delivery, if the caller wants the outbox to deliver it.
 */
export async function writeOutboxEmail(ctx: AppContext, email: ComposedEmail): Promise<void> {
  await queries.insertOutboxEmail(ctx.db, email);
}

/**
 * The part of another module's statement that queues, with what it writes, the emails made in
 * advance among its rows (`email`: an outbox row as JSON, null for none; decision 083); the
 * caller tells of each one with `emailWritten` once it is saved.
 */
export function queueEmailsFrom(rows: SQL, email: SQL): SQL {
  return queries.insertOutboxRowsFrom(rows, email);
}
