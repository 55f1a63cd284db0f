export const roleTypes = ["member", "admin", "superadmin"] as const;
export type RoleType = (typeof roleTypes)[number];

export const contributionTypes = ["Automatic", "Manual", "Gift", "None"] as const;
export type ContributionType = (typeof contributionTypes)[number];

export const contributionPeriods = ["monthly", "annually"] as const;
export type ContributionPeriod = (typeof contributionPeriods)[number];

export const newsletterStatuses = ["subscribed", "unsubscribed", "cleaned", "pending", "none"] as const;
export type NewsletterStatus = (typeof newsletterStatuses)[number];

export const membershipStatuses = ["active", "expiring", "expired", "none"] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];

export const paymentMethods = ["s_card", "s_sepa", "s_bacs", "s_paypal", "s_ideal", "gc_direct-debit"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const getContactWithOptions = ["profile", "contribution", "roles", "tags", "isReviewer"] as const;
export type GetContactWith = (typeof getContactWithOptions)[number];

/** Days a membership stays active after the paid period, while a payment is collected. */
export const MEMBERSHIP_GRACE_DAYS = 7;
/**
 * Failed password or one-time code attempts in a row after which an account is
 * locked for `ACCOUNT_LOCK_MINUTES` (auth), or until its password is reset.
 */
export const MAX_PASSWORD_TRIES = 5;
export const PASSWORD_MIN_LENGTH = 8;
/**
 * The web page that opens an email-change confirmation link (`<appUrl><path>/<id>`);
 * the server writes the link, the web app serves the page.
 */
export const EMAIL_CHANGE_PAGE_PATH = "/auth/email-change";
