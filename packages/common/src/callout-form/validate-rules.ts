/**
 * The per-type rules for one non-empty answer value (spec section 5,
 * reference section 9, with its quirks fixed). `validateAnswer` in
 * validate.ts wraps them with the required and multiple handling.
 */
import { TEXT_LIMITS } from "../http/limits.js";
import { dateRangeIssue, parseAnswerDate } from "./dates.js";
import { componentOptions } from "./model.js";
import type { ComponentValidate, FormComponent } from "./model.js";
import type { AnswerIssue } from "./validate.js";

/** Longest text answer (text fields and areas, emails, links, phone numbers), whatever the form allows. */
export const MAX_TEXT_ANSWER_LENGTH = TEXT_LIMITS.long;

/** Largest signature data URL accepted, in characters. */
export const MAX_SIGNATURE_LENGTH = 1024 * 1024;
const SIGNATURE_PREFIX = "data:image/png;base64,";

const URL_CHARS = "A-Za-z0-9\\-._~%!$&'()*+,;=:@/";
const URL_PATTERN = new RegExp(
  `^https?://(?:[a-z0-9-]+\\.)+[a-z]{2,6}(?::\\d{1,5})?(?:/[${URL_CHARS}]*)?(?:\\?[${URL_CHARS}?]*)?(?:#[${URL_CHARS}?]*)?$`,
  "i",
);
const PHONE = /^\+?\d{5,15}$/;
const PHONE_SEPARATORS = /[\s\-.()]/g;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const FILE_URL = /^(?:https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?|\/uploads\/\S+)$/i;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A number, or a string holding one (Form.io JSON often stores limits as text). */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** No spaces, one `@`, and a dot in the domain with text on both sides. */
export function isEmail(value: string): boolean {
  // Written out rather than as one regex, which backtracks badly on long input.
  const parts = value.split("@");
  if (parts.length !== 2 || /\s/.test(value)) return false;
  const [local, domain] = parts as [string, string];
  return local !== "" && domain.slice(1, -1).includes(".");
}

/** `http(s)://`, host labels, a 2–6 letter ending, optional port, path, query and fragment; no spaces. */
export function isUrl(value: string): boolean {
  return URL_PATTERN.test(value);
}

/** An optional leading `+` and 5–15 digits, once spaces, dashes, dots and brackets are taken out. */
export function isPhoneNumber(value: string): boolean {
  return PHONE.test(value.replace(PHONE_SEPARATORS, ""));
}

/** Latitude within ±90 and longitude within ±180. */
export function isGeoPoint(lat: unknown, lng: unknown): boolean {
  // NaN fails the comparisons.
  return typeof lat === "number" && typeof lng === "number" && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/** Words are separated by runs of white space; an empty text has none. */
export function countWords(value: string): number {
  const trimmed = value.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/).length;
}

/** At most two decimals, judged on value × 100 so that `1e-7` fails and `0.29` passes. */
export function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  const tolerance = Math.max(1e-6, Math.abs(cents) * Number.EPSILON * 4);
  return Math.abs(cents - Math.round(cents)) <= tolerance;
}

/** The whole value must match, as Form.io checks patterns in the browser. A pattern that does not compile is ignored. */
function matchesPattern(pattern: string, value: string): boolean {
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${pattern})$`);
  } catch {
    return true;
  }
  return regex.test(value);
}

function boundIssue(
  value: number,
  minimum: unknown,
  maximum: unknown,
  codes: readonly [AnswerIssue["code"], AnswerIssue["code"]],
): AnswerIssue | null {
  const min = toNumber(minimum);
  if (min !== undefined && value < min) return { code: codes[0], params: { min } };
  const max = toNumber(maximum);
  if (max !== undefined && value > max) return { code: codes[1], params: { max } };
  return null;
}

function textIssue(validate: ComponentValidate, value: string): AnswerIssue | null {
  if (typeof validate.pattern === "string" && validate.pattern !== "" && !matchesPattern(validate.pattern, value)) {
    return { code: "pattern" };
  }
  return (
    boundIssue(value.length, validate.minLength, validate.maxLength, ["minLength", "maxLength"]) ??
    boundIssue(countWords(value), validate.minWords, validate.maxWords, ["minWords", "maxWords"])
  );
}

function numberIssue(validate: ComponentValidate, value: unknown): AnswerIssue | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return { code: "invalid" };
  if (validate.integer === true && !Number.isInteger(value)) return { code: "integer" };
  return boundIssue(value, validate.min, validate.max, ["min", "max"]);
}

function currencyIssue(validate: ComponentValidate, value: unknown): AnswerIssue | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return { code: "invalid" };
  if (value < 0) return { code: "min", params: { min: 0 } };
  if (!hasAtMostTwoDecimals(value)) return { code: "decimals", params: { max: 2 } };
  return numberIssue(validate, value);
}

function stringIssue(
  validate: ComponentValidate,
  value: unknown,
  format?: (text: string) => AnswerIssue | null,
): AnswerIssue | null {
  if (typeof value !== "string") return { code: "invalid" };
  if (value.length > MAX_TEXT_ANSWER_LENGTH) return { code: "maxLength", params: { max: MAX_TEXT_ANSWER_LENGTH } };
  return format?.(value) ?? textIssue(validate, value);
}

function optionIssue(component: FormComponent, value: unknown): AnswerIssue | null {
  const isOption = componentOptions(component).some((option) => option.value === value);
  return typeof value === "string" && isOption ? null : { code: "option" };
}

function selectboxesIssue(component: FormComponent, value: unknown): AnswerIssue | null {
  if (!isRecord(value)) return { code: "invalid" };
  const options = new Set(componentOptions(component).map((option) => option.value));
  for (const [key, ticked] of Object.entries(value)) {
    if (!options.has(key)) return { code: "option" };
    if (typeof ticked !== "boolean") return { code: "invalid" };
  }
  return null;
}

function datetimeIssue(component: FormComponent, value: unknown, now: Date): AnswerIssue | null {
  const parsed = typeof value === "string" ? parseAnswerDate(value, now) : null;
  if (!parsed) return { code: "invalid" };
  const range = dateRangeIssue(parsed.date, component.widget, now);
  if (!range) return null;
  return range.code === "minDate"
    ? { code: "minDate", params: { min: range.bound } }
    : { code: "maxDate", params: { max: range.bound } };
}

function fileIssue(value: unknown): AnswerIssue | null {
  const isFile =
    isRecord(value) &&
    typeof value.url === "string" &&
    value.url.length <= TEXT_LIMITS.url &&
    FILE_URL.test(value.url) &&
    (value.name === undefined || (typeof value.name === "string" && value.name.length <= TEXT_LIMITS.short));
  return isFile ? null : { code: "invalid" };
}

function addressIssue(value: unknown): AnswerIssue | null {
  if (!isRecord(value) || typeof value.formatted_address !== "string") return { code: "invalid" };
  if (value.formatted_address.length > TEXT_LIMITS.medium) return { code: "invalid" };
  if (value.geometry === undefined || value.geometry === null) return null;
  const location = isRecord(value.geometry) ? value.geometry.location : undefined;
  return isRecord(location) && isGeoPoint(location.lat, location.lng) ? null : { code: "invalid" };
}

function signatureIssue(value: unknown): AnswerIssue | null {
  const isSignature =
    typeof value === "string" &&
    value.length < MAX_SIGNATURE_LENGTH &&
    value.startsWith(SIGNATURE_PREFIX) &&
    BASE64.test(value.slice(SIGNATURE_PREFIX.length));
  return isSignature ? null : { code: "invalid" };
}

/** The issue with one present (non-empty) value of an input component, or null. */
export function valueIssue(component: FormComponent, value: unknown, now: Date): AnswerIssue | null {
  const validate = component.validate ?? {};
  switch (component.type) {
    case "checkbox":
      return typeof value === "boolean" ? null : { code: "invalid" };
    case "number":
      return numberIssue(validate, value);
    case "currency":
      return currencyIssue(validate, value);
    case "textfield":
    case "textarea":
      return stringIssue(validate, value);
    case "email":
      return stringIssue(validate, value, (text) => (isEmail(text) ? null : { code: "email" }));
    case "url":
      return stringIssue(validate, value, (text) => (isUrl(text) ? null : { code: "url" }));
    case "phoneNumber":
      return stringIssue(validate, value, (text) => (isPhoneNumber(text) ? null : { code: "phone" }));
    case "select":
    case "radio":
      return optionIssue(component, value);
    case "selectboxes":
      return selectboxesIssue(component, value);
    case "datetime":
      return datetimeIssue(component, value, now);
    case "time":
      return typeof value === "string" && TIME.test(value) ? null : { code: "invalid" };
    case "file":
      return fileIssue(value);
    case "address":
      return addressIssue(value);
    case "signature":
      return signatureIssue(value);
    default:
      return { code: "unknown" };
  }
}
