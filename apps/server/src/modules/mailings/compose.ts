import type { GeneralContent } from "@cohort/common/content";
import type { Locale } from "@cohort/common/i18n";
import { API_PREFIX } from "@cohort/common/http";
import type { MailingKind, MailingVersion, MailingVersions } from "@cohort/common/mailings";
import type { AppContext } from "../../context.js";
import { richTextToPlainText, sanitizeRichText } from "../../lib/html.js";
import { formatMergeValue } from "../emails/merge-values.js";
import { emailFooterHtml, escapeHtml, fillMergeTags, htmlDocument } from "../../lib/email-render.js";
import { withLanguage } from "../emails/service.js";
import { localeFallbacks } from "../emails/templates.js";
import type { RecipientDetails } from "./queries.js";
import { oneClickUnsubscribeUrl, unsubscribePageUrl, unsubscribeToken } from "./unsubscribe-token.js";

/** The line under every marketing email, in the recipient's language; `{link}` becomes the unsubscribe link. */
const unsubscribeLine: Record<Locale, { text: string; link: string }> = {
  en: { text: "Don't want these emails any more? {link}", link: "Unsubscribe" },
  de: { text: "Sie möchten diese E-Mails nicht mehr erhalten? {link}", link: "Abmelden" },
  "de@informal": { text: "Du möchtest diese E-Mails nicht mehr bekommen? {link}", link: "Abmelden" },
  "de@easy": { text: "Sie wollen diese E-Mails nicht mehr? {link}", link: "Hier abmelden" },
  nl: { text: "Wil je deze e-mails niet meer ontvangen? {link}", link: "Afmelden" },
  pt: { text: "Já não quer receber estes e-mails? {link}", link: "Cancelar a subscrição" },
  it: { text: "Non vuoi più ricevere queste email? {link}", link: "Annulla l'iscrizione" },
  ru: { text: "Больше не хотите получать эти письма? {link}", link: "Отписаться" },
};

/**
 * The version a recipient reads: their locale's, else its language's
 * (`de@informal` → `de`), else English, else the organisation's, else any.
 */
export function versionFor(
  versions: MailingVersions,
  locale: Locale,
  organisationLocale: Locale,
): { locale: Locale; version: MailingVersion } {
  const chain = [...localeFallbacks(locale), organisationLocale, ...(Object.keys(versions) as Locale[])];
  for (const candidate of chain) {
    const version = versions[candidate];
    if (version) return { locale: candidate, version };
  }
  throw new Error("A mailing has at least one version");
}

/** Links into the site as the email's merge fields name them. */
function siteLinks(appUrl: string): Record<string, string> {
  return {
    SITELINK: appUrl,
    LOGINLINK: `${appUrl}/auth/login`,
    PROFILELINK: `${appUrl}/profile`,
    UPDATELINK: `${appUrl}/profile/contribution`,
  };
}

/** Addresses on this site written as paths (`/uploads/…`, `/profile`) become full addresses on APP_URL. */
function absoluteLinks(html: string, appUrl: string): string {
  return html.replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${appUrl}/`);
}

export interface ComposedMailing {
  locale: Locale;
  subject: string;
  html: string;
  text: string;
  /** RFC 2369 and RFC 8058 headers of a marketing email. */
  headers: Record<string, string>;
}

/**
 * One recipient's copy: their version, merge fields filled in (escaped in the
 * HTML), the body through the one sanitiser, the footer, and for a marketing
 * email the unsubscribe link (in the body and as `List-Unsubscribe` with one-click).
 */
export async function composeMailing(
  ctx: AppContext,
  mailing: { kind: MailingKind; versions: MailingVersions },
  recipient: RecipientDetails,
  general: GeneralContent,
): Promise<ComposedMailing> {
  const appUrl = ctx.config.appUrl;
  const { locale, version } = versionFor(mailing.versions, recipient.locale ?? general.locale, general.locale);
  const amount =
    recipient.contributionAmount === null
      ? ""
      : formatMergeValue("contribution-changed", "AMOUNT", recipient.contributionAmount / 100, {
          locale,
          currencyCode: general.currencyCode,
          period: recipient.contributionPeriod,
        });
  const name = [recipient.firstname, recipient.lastname].filter(Boolean).join(" ");
  const values: Record<string, string> = {
    ORGNAME: general.organisationName,
    SUPPORTEMAIL: general.supportEmail,
    EMAIL: recipient.email,
    NAME: name || recipient.email,
    FNAME: recipient.firstname,
    LNAME: recipient.lastname,
    AMOUNT: amount,
    ...Object.fromEntries(
      Object.entries(siteLinks(appUrl)).map(([field, link]) => [
        field,
        withLanguage(field, link, appUrl, locale === general.locale ? null : locale),
      ]),
    ),
  };
  const escaped = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, escapeHtml(value)]));
  const subject = fillMergeTags(version.subject, values)
    .replace(/\s*[\r\n]+\s*/g, " ")
    .trim();
  const body = absoluteLinks(sanitizeRichText(fillMergeTags(version.body, escaped)), appUrl);
  let footer = emailFooterHtml({ ...general, appUrl });
  let text = richTextToPlainText(body);
  const headers: Record<string, string> = {};
  if (mailing.kind === "marketing") {
    const token = await unsubscribeToken(ctx, recipient.id);
    const page = unsubscribePageUrl(appUrl, token);
    const line = unsubscribeLine[locale];
    const link = `<a href="${escapeHtml(page)}" style="color:#555555">${escapeHtml(line.link)}</a>`;
    footer += `\n<p style="margin:1em 0 0;font-size:13px;color:#555555">${escapeHtml(line.text).replace("{link}", link)}</p>`;
    text += `\n\n${line.text.replace("{link}", `${line.link}: ${page}`)}`;
    headers["List-Unsubscribe"] = `<${oneClickUnsubscribeUrl(appUrl, API_PREFIX, token)}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  return { locale, subject, html: htmlDocument(body, subject, locale, footer), text, headers };
}
