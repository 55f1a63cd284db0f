import type { TFunction } from "i18next";
import { translateValidationMessage } from "../../../../app/forms/validation-message";

/** The translated text of an editor message: one of this area's keys, an error key, or a shared one. */
export function editorMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const separator = message.indexOf("|");
  const key = separator === -1 ? message : message.slice(0, separator);
  if (!key.startsWith("adminCallouts.") && !key.startsWith("errors.")) return translateValidationMessage(t, message);
  let values: Record<string, unknown> = {};
  try {
    values = separator === -1 ? {} : (JSON.parse(message.slice(separator + 1)) as Record<string, unknown>);
  } catch {
    values = {};
  }
  return t(key, { ...values, defaultValue: t("validation.invalid") });
}
