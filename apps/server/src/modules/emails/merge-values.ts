import type { ContributionPeriod } from "@cohort/common/payments";
import type { EmailTemplateId } from "@cohort/common/emails";
import type { Locale } from "@cohort/common/i18n";
import { localeTags } from "@cohort/common/i18n";

/** Merge fields that hold an amount of money in major units (`12.5`, `"120.00"`). */
const MONEY_FIELDS = new Set(["AMOUNT"]);
/** Merge fields that hold a calendar day (a `Date` or an ISO date such as `2027-12-02`). */
const DATE_FIELDS = new Set(["EXPIRES", "STARTDATE", "DIGESTDATE"]);
/** Emails whose AMOUNT is what the member gives each period, so it is named with its period. */
const PERIODIC_AMOUNT_TEMPLATES: ReadonlySet<EmailTemplateId> = new Set(["contribution-changed"]);

/** "{amount} a month" in each locale, worded as the web app words a contribution. */
const periodWording: Record<Locale, Record<ContributionPeriod, string>> = {
  en: { monthly: "{amount} a month", annually: "{amount} a year" },
  de: { monthly: "{amount} pro Monat", annually: "{amount} pro Jahr" },
  "de@informal": { monthly: "{amount} pro Monat", annually: "{amount} pro Jahr" },
  "de@easy": { monthly: "{amount} jeden Monat", annually: "{amount} jedes Jahr" },
  nl: { monthly: "{amount} per maand", annually: "{amount} per jaar" },
  pt: { monthly: "{amount} por mês", annually: "{amount} por ano" },
  it: { monthly: "{amount} al mese", annually: "{amount} all'anno" },
  ru: { monthly: "{amount} в месяц", annually: "{amount} в год" },
};

/**
 * Whether a day is written with its weekday. Russian declines the weekday after a
 * preposition ("до четверга") and Portuguese puts an article before it ("na
 * quinta-feira"), which a formatted day cannot do, so those write the date alone.
 */
const dayHasWeekday: Record<Locale, boolean> = {
  en: true,
  de: true,
  "de@informal": true,
  "de@easy": true,
  nl: true,
  pt: false,
  it: true,
  ru: false,
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

export interface MergeValueFormat {
  locale: Locale;
  /** The site's currency (ISO 4217), from the settings. */
  currencyCode: string;
  /** The period of the contribution the email is about, for amounts given per period. */
  period?: ContributionPeriod | null | undefined;
}

/** Whether this email names the contribution's period with its amount (and so needs to know it). */
export function needsPeriod(templateId: EmailTemplateId, fields: Readonly<Record<string, unknown>>): boolean {
  return PERIODIC_AMOUNT_TEMPLATES.has(templateId) && [...MONEY_FIELDS].some((name) => fields[name] !== undefined);
}

function formatMoney(value: string | number, templateId: EmailTemplateId, format: MergeValueFormat): string {
  const text = String(value).trim();
  if (typeof value !== "number" && !DECIMAL.test(text)) return text;
  const amount = new Intl.NumberFormat(localeTags[format.locale], {
    style: "currency",
    currency: format.currencyCode,
  }).format(Number(text));
  if (!PERIODIC_AMOUNT_TEMPLATES.has(templateId) || !format.period) return amount;
  return periodWording[format.locale][format.period].replace("{amount}", amount);
}

function formatDay(value: string | Date, format: MergeValueFormat): string {
  const text = typeof value === "string" ? value.trim() : "";
  if (typeof value === "string" && !ISO_DAY.test(text)) return text;
  const day = typeof value === "string" ? new Date(text.length === 10 ? `${text}T00:00:00Z` : text) : value;
  if (Number.isNaN(day.getTime())) return text;
  return new Intl.DateTimeFormat(localeTags[format.locale], {
    ...(dayHasWeekday[format.locale] ? { weekday: "long" } : {}),
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(day);
}

/**
 * A merge field's value as the reader sees it, in the email's language:
 * amounts in the site's currency (with the period where the email is about a
 * contribution per period) and days written out (`Thursday, 2 December 2027`;
 * `2 декабря 2027 г.` in Russian).
 * Anything else, and a value that is no amount or day (such as `-`), stays as given.
 */
export function formatMergeValue(
  templateId: EmailTemplateId,
  name: string,
  value: string | number | Date,
  format: MergeValueFormat,
): string {
  if (MONEY_FIELDS.has(name) && !(value instanceof Date)) return formatMoney(value, templateId, format);
  if (DATE_FIELDS.has(name) && typeof value !== "number") return formatDay(value, format);
  return value instanceof Date ? value.toISOString() : String(value);
}
