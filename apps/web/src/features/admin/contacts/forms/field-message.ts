import type { TFunction } from "i18next";
import { keyedMessage, translateValidationMessage } from "../../../../app/forms/validation-message";

/** English texts of the shared schemas (and the server) that these screens show, as i18n keys. */
const knownMessages: Record<string, string> = {
  "Name is required": "validation.nameRequired",
  "Address line 1 is required": "validation.addressLine1Required",
  "City/Town is required": "validation.cityRequired",
  "Postcode is required": "validation.postcodeRequired",
  "The expiry date must be after the start date": "validation.expiryAfterStart",
};

const TOO_LONG = /^Maximum length of (\d+) characters exceeded$/;

/** The translated text of a field error from a schema or from the server. */
export function fieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const known = knownMessages[message];
  if (known) return t(known);
  const tooLong = TOO_LONG.exec(message);
  if (tooLong) return translateValidationMessage(t, keyedMessage("validation.tooLong", { max: Number(tooLong[1]) }));
  return translateValidationMessage(t, message);
}
