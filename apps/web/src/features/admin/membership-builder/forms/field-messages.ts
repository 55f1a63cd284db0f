import type { TFunction } from "i18next";
import { keyedMessage, translateValidationMessage } from "../../../../app/forms/validation-message";

/** The English texts of the shared join schemas and the server, as i18n keys. */
const knownMessages: Record<string, string> = {
  "Use a whole amount": "adminMembership.errors.wholeAmount",
  "Offer at least one period": "adminMembership.errors.noPeriod",
  "Each period is listed once": "adminMembership.errors.periodTwice",
  "The first period shown must be offered": "adminMembership.errors.initialPeriodNotOffered",
  "Each payment method is listed once": "adminMembership.errors.methodTwice",
  "Offer a payment method or joining without a contribution": "adminMembership.errors.noMethod",
  "No callout has this slug": "adminMembership.errors.unknownSurvey",
  "Not a callout slug": "adminMembership.errors.unknownSurvey",
};

const AT_LEAST = /(?:at least |>=\s*)(\d+(?:\.\d+)?)/;
const AT_MOST = /(?:at most |<=\s*)(\d+(?:\.\d+)?)/;

/**
 * A schema or server message as a keyed message of this screen: limits keep
 * their number, so the text can show it in the organisation's currency.
 */
export function joinFieldMessage(message: string, code = ""): string {
  const known = knownMessages[message];
  if (known) return known;
  const isList = /\b(array|items)\b/.test(message);
  const atLeast = AT_LEAST.exec(message);
  if (atLeast && !isList && (code === "" || code === "too_small" || code === "custom")) {
    return keyedMessage("adminMembership.errors.atLeast", { amount: Number(atLeast[1]) });
  }
  const atMost = AT_MOST.exec(message);
  if (atMost && isList) return keyedMessage("adminMembership.errors.tooMany", { max: Number(atMost[1]) });
  if (atMost) return keyedMessage("adminMembership.errors.atMost", { amount: Number(atMost[1]) });
  return message;
}

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
