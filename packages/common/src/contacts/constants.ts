import { TEXT_LIMITS } from "../http/limits.js";

export const roleTypes = ["member", "admin", "superadmin"] as const;
export type RoleType = (typeof roleTypes)[number];

export const newsletterStatuses = ["subscribed", "unsubscribed", "cleaned", "pending", "none"] as const;
export type NewsletterStatus = (typeof newsletterStatuses)[number];

/** The longest text each contact field takes; the API and the admin forms both check these. */
export const CONTACT_LIMITS = {
  name: TEXT_LIMITS.name,
  telephone: 50,
  twitter: 100,
  preferredContact: 100,
  addressLine: TEXT_LIMITS.short,
  city: TEXT_LIMITS.short,
  postcode: TEXT_LIMITS.name,
  notes: TEXT_LIMITS.long,
} as const;

/** How many digits a telephone number has, country code included (E.164 allows at most 15). */
export const TELEPHONE_DIGITS = { min: 5, max: 15 } as const;

/**
 * The telephone rule, lenient so numbers from any country pass: digits with an
 * optional leading plus, which spaces, brackets, dashes, dots and slashes may
 * separate (`+44 (0)20 7946-0000`, `030/1234567`).
 */
export function isTelephoneNumber(value: string): boolean {
  const compact = value.replace(/[\s()./-]/g, "");
  if (!/^\+?\d+$/.test(compact)) return false;
  const digits = compact.replace("+", "").length;
  return digits >= TELEPHONE_DIGITS.min && digits <= TELEPHONE_DIGITS.max;
}

export const getContactWithOptions = ["profile", "contribution", "roles", "tags", "isReviewer"] as const;
export type GetContactWith = (typeof getContactWithOptions)[number];

/** Days a membership stays active after the paid period, while a payment is collected. */
export const MEMBERSHIP_GRACE_DAYS = 7;
/**
 * Failed password or one-time code attempts in a row from one client address
 * after which that address is locked out of the account for
 * `ACCOUNT_LOCK_MINUTES` (auth), or until the password changes.
 */
export const MAX_PASSWORD_TRIES = 5;
export const PASSWORD_MIN_LENGTH = 8;
/**
 * The web page that opens an email-change confirmation link (`<appUrl><path>/<id>`);
 * the server writes the link, the web app serves the page.
 */
export const EMAIL_CHANGE_PAGE_PATH = "/auth/email-change";
