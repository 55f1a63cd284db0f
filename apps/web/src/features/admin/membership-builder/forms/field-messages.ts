import type { TFunction } from "i18next";
import { translateValidationMessage } from "../../../../app/forms/validation-message";

const OWN_KEY = /^adminMembership(\.[A-Za-z0-9]+)+$/;

/** The translated text of a field error; amounts are shown as money when `currency` is given. */
export function translateFieldMessage(
  t: TFunction,
  message: string | undefined,
  currency?: (amount: number) => string,
): string | undefined {
  if (!message) return undefined;
  const separator = message.indexOf("|");
  const key = separator === -1 ? message : message.slice(0, separator);
  if (!OWN_KEY.test(key)) return translateValidationMessage(t, message);
  let values: Record<string, unknown> = {};
  try {
    values = separator === -1 ? {} : (JSON.parse(message.slice(separator + 1)) as Record<string, unknown>);
  } catch {
    values = {};
  }
  const amount = typeof values.amount === "number" && currency ? currency(values.amount) : values.amount;
  return t(key, { ...values, amount, defaultValue: t("validation.invalid") });
}
