import { sanitizeTextOrHtml } from "../../lib/html.js";
import type { EmailTemplate, EmailTemplateId, UpdateEmailTemplate } from "@cohort/common/emails";
import { allowedMergeFields, isEmailTemplateId, mergeTagProblems } from "@cohort/common/emails";
import type { Locale } from "@cohort/common/i18n";
import { defaultLocale, isLocale } from "@cohort/common/i18n";
import type { FieldError } from "@cohort/common/errors";
import type { AppContext } from "../../context.js";
import { AppError, notFound } from "../../http/errors.js";
import { invalidateCaches, readCache } from "../../lib/read-cache.js";
import { getGeneralContent } from "../content/service.js";
import { builtInTexts, englishTexts } from "./default-texts.js";
import * as queries from "./queries.js";
import type { TemplateText } from "../../lib/email-render.js";

/**
 * The locales to look in, best first: the locale itself, its language
 * (`de@informal` → `de`), then English.
 */
export function localeFallbacks(locale: Locale): Locale[] {
  const language = locale.split("@")[0];
  const chain: Locale[] = [locale];
  if (isLocale(language)) chain.push(language);
  chain.push(defaultLocale);
  return [...new Set(chain)];
}

export interface ResolvedTemplate {
  text: TemplateText;
  /** Whether this exact locale has an admin's own wording. */
  isCustom: boolean;
}

/**
 * The wording an email gets in a locale. Along the fallback chain, an admin's
 * own wording comes before the built-in text of the same locale; a locale
 * whose wording an admin emptied has no translation, and the next locale
 * along the chain (in the end English) speaks instead (decision 039).
 */
export async function resolveTemplate(
  ctx: AppContext,
  id: EmailTemplateId,
  locale: Locale,
  /** The editor shows an emptied wording as it is; only sending passes over it. */
  options: { keepEmpty?: boolean } = {},
): Promise<ResolvedTemplate> {
  const chain = localeFallbacks(locale);
  const custom = new Map((await queries.findCustomTemplates(ctx.db, id, chain)).map((row) => [row.locale, row]));
  for (const candidate of chain) {
    const saved = custom.get(candidate);
    if (saved && !saved.body.trim() && !options.keepEmpty) continue;
    if (saved) return { text: { subject: saved.subject, body: saved.body }, isCustom: candidate === locale };
    const builtIn = builtInTexts[candidate][id] as TemplateText | undefined;
    if (builtIn) return { text: builtIn, isCustom: false };
  }
  return { text: englishTexts[id], isCustom: false };
}

/**
 * How long a copy sends with the wording it read, before reading it again:
 * wording saved through this copy applies at once, through another copy
 * within this time.
 */
const SENT_WORDING_MAX_AGE_MS = 1000;

/** The wording `resolveTemplate` finds for sending, read at most once a second per template and locale. */
export function templateToSend(ctx: AppContext, id: EmailTemplateId, locale: Locale): Promise<TemplateText> {
  const now = ctx.clock.now().getTime();
  return readCache<TemplateText>(ctx.db, "content", "email-wording").get(`${id}:${locale}`, now, async () => ({
    value: (await resolveTemplate(ctx, id, locale)).text,
    until: now + SENT_WORDING_MAX_AGE_MS,
  }));
}

function knownTemplateId(id: string): EmailTemplateId {
  if (!isEmailTemplateId(id)) throw notFound(`No email template called ${id}`);
  return id;
}

async function chosenLocale(ctx: AppContext, locale: Locale | undefined): Promise<Locale> {
  return locale ?? (await getGeneralContent(ctx)).locale;
}

export async function getEmailTemplate(ctx: AppContext, id: string, locale?: Locale): Promise<EmailTemplate> {
  const templateId = knownTemplateId(id);
  const chosen = await chosenLocale(ctx, locale);
  const resolved = await resolveTemplate(ctx, templateId, chosen, { keepEmpty: true });
  return { id: templateId, locale: chosen, ...resolved.text, isDefault: !resolved.isCustom };
}

/** Saves an admin's own wording for one locale, once its merge tags are all ones the email offers. */
export async function saveEmailTemplate(
  ctx: AppContext,
  id: string,
  locale: Locale | undefined,
  input: UpdateEmailTemplate,
): Promise<EmailTemplate> {
  const templateId = knownTemplateId(id);
  const allowed = allowedMergeFields(templateId);
  const details: FieldError[] = (["subject", "body"] as const).flatMap((property) => {
    const constraints = mergeTagProblems(input[property], allowed);
    return Object.keys(constraints).length > 0 ? [{ property, constraints, children: [] }] : [];
  });
  if (details.length > 0) {
    throw new AppError("invalid-request", {
      status: 400,
      message: details.flatMap((detail) => Object.values(detail.constraints)).join(" "),
      details,
    });
  }
  const chosen = await chosenLocale(ctx, locale);
  // The editor's rich text, made safe like every other; plain text (as the built-in wordings are) stays as written.
  const body = sanitizeTextOrHtml(input.body);
  await queries.saveCustomTemplate(ctx.db, {
    id: templateId,
    locale: chosen,
    subject: input.subject,
    body,
    updatedAt: ctx.clock.now(),
  });
  invalidateCaches(ctx.db, "content");
  return { id: templateId, locale: chosen, subject: input.subject, body, isDefault: false };
}

/** Drops the admin's wording for one locale, so the built-in (or fallback) text applies again. */
export async function resetEmailTemplate(ctx: AppContext, id: string, locale?: Locale): Promise<EmailTemplate> {
  const templateId = knownTemplateId(id);
  const chosen = await chosenLocale(ctx, locale);
  await queries.deleteCustomTemplate(ctx.db, templateId, chosen);
  invalidateCaches(ctx.db, "content");
  return getEmailTemplate(ctx, templateId, chosen);
}
