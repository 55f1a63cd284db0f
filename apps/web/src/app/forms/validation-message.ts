import type { TFunction } from "i18next";

/**
 * Schema and server messages are i18n keys, optionally with values written
 * `key|{"min":6}`: those of the shared catalogue (`message` from
 * `@cohort/common/validation`, which the server's field errors name too) or a
 * screen's own. Any other text shows as the general message.
 */
const FALLBACK_KEY = "validation.invalid";

/** Writes an i18n key with interpolation values as a schema message. */
export function keyedMessage(key: string, values?: Record<string, string | number>): string {
  return values ? `${key}|${JSON.stringify(values)}` : key;
}

export function parseValidationMessage(message: string): { key: string; values?: Record<string, unknown> } {
  const separator = message.indexOf("|");
  const key = separator === -1 ? message : message.slice(0, separator);
  if (!/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/.test(key)) return { key: FALLBACK_KEY };
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
