import type { TFunction } from "i18next";

/**
 * Schema messages are either the English texts of the shared schemas or i18n
 * keys (optionally with values, written `key|{"min":6}`). This finds the key.
 */
const sharedMessages: Record<string, string> = {
  "Email is required": "validation.emailRequired",
  "Invalid email address": "validation.emailInvalid",
  "Password is required": "validation.passwordRequired",
  "The passwords don't match": "validation.passwordsDontMatch",
  "First name is required": "validation.firstnameRequired",
  "Last name is required": "validation.lastnameRequired",
  "Password must be at least 8 characters": "validation.passwordTooShort",
  "Password must contain a number, an uppercase and a lowercase letter": "validation.passwordWeak",
  "This field is required": "validation.required",
  "Code is required": "validation.codeRequired",
  "Invalid URL": "validation.urlInvalid",
  "URL is required": "validation.urlRequired",
  "Invalid color": "validation.colorInvalid",
  "Color is required": "validation.colorRequired",
};

const FALLBACK_KEY = "validation.invalid";

/** Writes an i18n key with interpolation values as a schema message. */
export function keyedMessage(key: string, values?: Record<string, string | number>): string {
  return values ? `${key}|${JSON.stringify(values)}` : key;
}

export function parseValidationMessage(message: string): { key: string; values?: Record<string, unknown> } {
  const shared = sharedMessages[message];
  if (shared) return { key: shared };
  const separator = message.indexOf("|");
  const key = separator === -1 ? message : message.slice(0, separator);
  if (!/^[a-z]+(\.[A-Za-z0-9]+)+$/.test(key)) return { key: FALLBACK_KEY };
  if (separator === -1) return { key };
  try {
    return { key, values: JSON.parse(message.slice(separator + 1)) as Record<string, unknown> };
  } catch {
    return { key };
  }
}

/** The translated text for a schema or server message. */
export function translateValidationMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const { key, values } = parseValidationMessage(message);
  return t(key, { ...values, defaultValue: t(FALLBACK_KEY) });
}
