import type { FailureCategory } from "@cohort/common/recovery";

/**
 * The providers' reasons for a failed payment, grouped into what the member
 * can do about it (decision 066). Anything not listed is `other`.
 */

/** Stripe decline codes and error codes (`last_payment_error.decline_code`, else `.code`). */
const stripeReasons: Record<string, FailureCategory> = {
  expired_card: "card-expired",
  insufficient_funds: "insufficient-funds",
  withdrawal_count_limit_exceeded: "insufficient-funds",
  card_velocity_exceeded: "insufficient-funds",
  authentication_required: "authentication-needed",
  payment_intent_authentication_failure: "authentication-needed",
  approve_with_id: "authentication-needed",
  do_not_honor: "bank-refused",
  generic_decline: "bank-refused",
  card_declined: "bank-refused",
  call_issuer: "bank-refused",
  lost_card: "bank-refused",
  stolen_card: "bank-refused",
  pickup_card: "bank-refused",
  restricted_card: "bank-refused",
  transaction_not_allowed: "bank-refused",
  not_permitted: "bank-refused",
  fraudulent: "bank-refused",
  debit_not_authorized: "bank-refused",
  bank_account_restricted: "bank-refused",
  bank_account_unusable: "bank-refused",
};

/** GoCardless failure causes (`details.cause` of a `payments.failed` event). */
const goCardlessCauses: Record<string, FailureCategory> = {
  insufficient_funds: "insufficient-funds",
  refer_to_payer: "bank-refused",
  authorisation_disputed: "bank-refused",
  bank_account_closed: "bank-refused",
  bank_account_transferred: "bank-refused",
  invalid_bank_details: "bank-refused",
  mandate_cancelled: "bank-refused",
  mandate_expired: "card-expired",
  customer_approval_denied: "authentication-needed",
};

/** The built-in test provider's reasons, one for each category. */
export const testFailureReasons = {
  card_expired: "card-expired",
  insufficient_funds: "insufficient-funds",
  authentication_required: "authentication-needed",
  bank_refused: "bank-refused",
  processing_error: "other",
} as const satisfies Record<string, FailureCategory>;

function lookUp(table: Record<string, FailureCategory>, reason: string | null | undefined): FailureCategory {
  return reason && Object.hasOwn(table, reason) ? (table[reason] ?? "other") : "other";
}

export const stripeFailureCategory = (reason: string | null | undefined) => lookUp(stripeReasons, reason);
export const goCardlessFailureCategory = (cause: string | null | undefined) => lookUp(goCardlessCauses, cause);
export const testFailureCategory = (reason: string | null | undefined) => lookUp(testFailureReasons, reason);

/** A provider's reason as stored: trimmed to 100 characters. */
export function storedReason(reason: string | null | undefined): string | null {
  return reason ? reason.slice(0, 100) : null;
}
