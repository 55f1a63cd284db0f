import { PASSWORD_MIN_LENGTH } from "../contacts/constants.js";

/**
 * Every field message a schema, a form or the server reports, by the i18n key
 * the web app translates it with. The text is the English the API sends in a
 * field error's `constraints`; `{{name}}` marks a parameter. Schemas carry
 * messages as keys (see `message`), never as English, so rewording a text here
 * changes what the API says and nothing else.
 */
export const validationMessages = {
  "validation.invalid": "Invalid value",
  "validation.required": "This field is required",
  "validation.emailRequired": "Email is required",
  "validation.emailInvalid": "Invalid email address",
  "validation.passwordRequired": "Password is required",
  "validation.passwordTooShort": `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  "validation.passwordWeak": "Password must contain a number, an uppercase and a lowercase letter",
  "validation.confirmPasswordRequired": "Type the password again",
  "validation.passwordsDontMatch": "The passwords don't match",
  "validation.firstnameRequired": "First name is required",
  "validation.lastnameRequired": "Last name is required",
  "validation.codeRequired": "Code is required",
  "validation.codeTooShort": "The code must be at least {{min}} characters long",
  "validation.codeTooLong": "The code may only be a maximum of {{max}} characters long",
  "validation.codeDigits": "The code may only contain digits",
  "validation.nameRequired": "Name is required",
  "validation.tooLong": "Maximum length of {{max}} characters exceeded",
  "validation.addressLine1Required": "Address line 1 is required",
  "validation.cityRequired": "City/Town is required",
  "validation.postcodeRequired": "Postcode is required",
  "validation.dateRequired": "A date is required",
  "validation.expiryAfterStart": "The expiry date must be after the start date",
  "validation.phoneInvalid": "Enter 5 to 15 digits, optionally starting with a plus sign",
  "validation.amountInvalid": "Enter an amount above zero with at most two decimals",
  "validation.urlInvalid": "Invalid URL",
  "validation.urlRequired": "URL is required",
  "validation.urlNotOnSite": "The address must lead to this site",
  "validation.webhookUrlHttps": "The address must start with https://",
  "validation.webhookUrlNotPublic": "The address must be reachable on the public internet",
  "validation.colorInvalid": "Invalid color",
  "validation.colorRequired": "Color is required",
  "validation.percentInvalid": "Enter a number from 0 to 100",
  "validation.dateInFuture": "The expiry date must be in the future.",
  "errors.duplicateEmail": "Email address already exists",
  "errors.wrongPassword": "The current password is not correct",
  "errors.invalidToken": "The code is not correct",
  "errors.tokenAlreadyUsed": "This code was just used. Wait for the next one",
  "errors.duplicateTagName": "A tag with this name already exists",
  "errors.duplicateSlug": "This slug is already used",
  "errors.invalidRule": "The filter rules are not valid",
  "account.password.currentRequired": "Current password is required",
  "adminMembership.errors.unknownSurvey": "No callout has this slug",
  "adminCallouts.validation.keyCharacters": "A key holds only letters, digits, _ and -",
  "adminCallouts.validation.slugCharacters": "A slug holds letters, digits and - only, no spaces",
  "adminCallouts.validation.imageFieldRequired": "The gallery needs a photo question.",
  "adminCallouts.validation.addressFieldRequired": "The map needs an address question.",
  "adminMembership.errors.wholeAmount": "Use a whole amount",
  "adminMembership.errors.atLeast": "This field must be at least {{amount}}",
  "adminMembership.errors.atMost": "This field must be at most {{amount}}",
  "adminMembership.errors.tooMany": "Too big: expected array to have <={{max}} items",
  "adminMembership.errors.tooManyGroups": "Too big: expected array to have <={{max}} items",
  "adminMembership.errors.noPeriod": "Offer at least one period",
  "adminMembership.errors.periodTwice": "Each period is listed once",
  "adminMembership.errors.initialPeriodNotOffered": "The first period shown must be offered",
  "adminMembership.errors.methodTwice": "Each payment method is listed once",
  "adminMembership.errors.noMethod": "Offer a payment method or joining without a contribution",
  "adminValidation.unknownTag": "Unknown tag",
  "adminValidation.newsletterListId": "A listmonk list id is a number",
  "adminValidation.unknownContact": "No contact with that id",
  "adminValidation.unknownCalloutTag": "No such tag on this callout",
  "adminValidation.unknownAnswerKey": "No input with that key in this callout's form",
  "adminValidation.unknownSlide": "No slide with that id after the first in this callout's form",
  "adminValidation.slugLocked": "The slug is locked once published",
  "adminValidation.notStaff": "Only admins and reviewers of this callout can be notified",
  "adminValidation.taxRateRequired": "A tax rate is required to enable it",
  "adminValidation.endAfterStart": "The end must come after the start",
  "adminValidation.mapBasemapMissing": "Choose a basemap in Settings → Maps before switching the map on",
  "adminValidation.mapKeyRequired": "This provider needs a key",
  "adminValidation.mapFileMissing": "There is no PMTiles file in storage",
  "adminValidation.mapKeyInUse": "This key is in use: choose another basemap or address search first",
  "adminValidation.photonUrlRequired": "Your own Photon service needs its address",
  "adminValidation.outgoingAddressForbidden": "The server may not reach this address",
  "join.errors.contributionRequired": "A contribution is required to join",
  "adminEmails.editor.subjectTooLong": "The subject may have at most {{max}} characters",
  "adminEmails.editor.subjectOneLine": "The subject must be one line",
  "adminEmails.editor.bodyTooLong": "The text may have at most {{max}} characters",
  "adminMailings.editor.subjectRequired": "A subject is required",
  "adminMailings.editor.unknownMergeField": "Use only the merge fields offered, written like *|FNAME|*",
  "adminMailings.editor.versionRequired": "Write the email in at least one language",
  "adminMailings.recipients.notFound": "The chosen segment or callout does not exist",
  "adminMailings.preview.noContact": "No contact with that address",
} as const;

export type MessageKey = keyof typeof validationMessages;

type Placeholders<Text extends string> = Text extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** The values a message needs, one per `{{name}}` in its text. */
export type MessageParams<Key extends MessageKey> = {
  [Name in Placeholders<(typeof validationMessages)[Key]>]: string | number;
};

/** A message with its values, as a field error of the API carries it. */
export interface MessageRef {
  key: MessageKey;
  params?: Record<string, string | number>;
}

type ParamsArgument<Key extends MessageKey> = [Placeholders<(typeof validationMessages)[Key]>] extends [never]
  ? []
  : [params: MessageParams<Key>];

/** The keys of messages without values. */
export type PlainMessageKey = {
  [Key in MessageKey]: [Placeholders<(typeof validationMessages)[Key]>] extends [never] ? Key : never;
}[MessageKey];

const SEPARATOR = "|";

/**
 * A message as a schema carries it: the key, then its values as JSON after a
 * `|` (`validation.tooLong|{"max":100}`).
 */
export function message<Key extends MessageKey>(key: Key, ...params: ParamsArgument<Key>): string {
  const [values] = params as [Record<string, string | number>?];
  return values ? `${key}${SEPARATOR}${JSON.stringify(values)}` : key;
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(validationMessages, key);
}

/** The key and values of a message `message` wrote; undefined for any other text. */
export function readMessage(text: string): MessageRef | undefined {
  const separator = text.indexOf(SEPARATOR);
  const key = separator === -1 ? text : text.slice(0, separator);
  if (!isMessageKey(key)) return undefined;
  if (separator === -1) return { key };
  try {
    const params = JSON.parse(text.slice(separator + 1)) as unknown;
    return typeof params === "object" && params !== null
      ? { key, params: params as Record<string, string | number> }
      : { key };
  } catch {
    return { key };
  }
}

/** The English text of a message, its values filled in. */
export function messageText(ref: MessageRef): string {
  return validationMessages[ref.key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    String(ref.params?.[name] ?? whole),
  );
}

/** A schema's message in English: keyed messages are spelled out, any other text is kept. */
export function englishMessage(text: string): string {
  const ref = readMessage(text);
  return ref ? messageText(ref) : text;
}

/** For a schema's `error`: "This field is required" when the value is missing, zod's own message when it is wrong. */
export const requiredWhenMissing = (issue: { input?: unknown }): string | undefined =>
  issue.input === undefined ? message("validation.required") : undefined;
