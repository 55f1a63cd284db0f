import type { FilterFields } from "../filters/fields.js";

// The enumerations of contributions and payments, declared once for contacts, contributions and payments alike.

export const contributionTypes = ["Automatic", "Manual", "Gift", "None"] as const;
export type ContributionType = (typeof contributionTypes)[number];

export const contributionPeriods = ["monthly", "annually"] as const;
export type ContributionPeriod = (typeof contributionPeriods)[number];

export const membershipStatuses = ["active", "expiring", "expired", "none"] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];

export const paymentMethods = ["s_card", "s_sepa", "s_bacs", "s_paypal", "s_ideal", "gc_direct-debit"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentStatuses = ["draft", "pending", "successful", "failed", "cancelled"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * What a payment is for: a recurring contribution (its periods, and the
 * one-off differences of a change to it) or a one-time gift, which buys no
 * membership and never counts in the recurring revenue (decision 068).
 */
export const paymentKinds = ["contribution", "gift"] as const;
export type PaymentKind = (typeof paymentKinds)[number];

export const paymentSortFields = ["amount", "chargeDate"] as const;
export type PaymentSortField = (typeof paymentSortFields)[number];

export const paymentWithOptions = ["contact"] as const;
export type PaymentWith = (typeof paymentWithOptions)[number];

/**
 * Fields the payment list can be filtered on. `amount` is in major units, as
 * on the wire; `contact` takes a contact id or `me`.
 */
export const paymentFilterFields = {
  id: { type: "text" },
  contact: { type: "contact" },
  chargeDate: { type: "date" },
  amount: { type: "number" },
  status: { type: "enum", options: paymentStatuses },
  kind: { type: "enum", options: paymentKinds },
} as const satisfies FilterFields;
export type PaymentFilterName = keyof typeof paymentFilterFields;
