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
/** Failed password attempts after which an account is locked. */
export const MAX_PASSWORD_TRIES = 3;
export const PASSWORD_MIN_LENGTH = 8;
