import { MEMBERSHIP_GRACE_DAYS } from "../contacts/constants.js";

/** Days a membership stays active after the paid period ends, while the next payment is collected. */
export const GRACE_PERIOD_DAYS = MEMBERSHIP_GRACE_DAYS;

/** Smallest monthly contribution in major units unless the organisation sets another. */
export const DEFAULT_MIN_MONTHLY_AMOUNT = 1;
/** Whether members may choose to pay the processing fee, unless the organisation says otherwise. */
export const DEFAULT_SHOW_ABSORB_FEE = true;
/** Organisation settings the contribution form and the server check against. */
export interface ContributionRules {
  /** Smallest monthly amount in major units; annual contributions need twelve times as much. */
  minMonthlyAmount: number;
  /** Whether members are offered to pay the processing fee. */
  showAbsorbFee: boolean;
}

/** Kept beside the constants (not the zod schemas) so that pages can read it without loading zod. */
export const defaultContributionRules: ContributionRules = {
  minMonthlyAmount: DEFAULT_MIN_MONTHLY_AMOUNT,
  showAbsorbFee: DEFAULT_SHOW_ABSORB_FEE,
};

/** Largest per-period amount in major units; keeps every amount well inside integer storage. */
export const MAX_CONTRIBUTION_AMOUNT = 1_000_000;
/** Minor units in one major unit. Cohort supports two-decimal currencies only. */
export const MINOR_UNITS_PER_MAJOR = 100;

/** Fee regions of the card provider's price list. */
export const feeRegions = ["gb", "eu", "ca"] as const;
export type FeeRegion = (typeof feeRegions)[number];
/** Region used for currencies and countries outside the table (CHF, SEK, USD, …). */
export const DEFAULT_FEE_REGION: FeeRegion = "eu";

/** Members of the European Union (ISO 3166-1 alpha-2). */
export const euCountryCodes = [
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
] as const;

/** Query parameters the providers add to `completeUrl`; their value is the `paymentFlowId`. */
export const paymentFlowIdParams = ["setup_intent", "payment_intent", "redirect_flow_id"] as const;

/** Pages the web app gives the API as return and email links (appended to the app's address). */
export const contributionPaths = {
  contributionComplete: "/profile/contribution/complete",
  paymentMethodComplete: "/profile/contribution/payment-method/complete",
  login: "/auth/login",
  setPassword: "/auth/set-password",
  confirmEmail: "/join/confirm-email",
  joinComplete: "/join/complete",
  giftComplete: "/donate/complete",
} as const;

export const SOURCE_MAX_LENGTH = 200;
export const PAYMENT_FLOW_ID_MAX_LENGTH = 200;
export const URL_MAX_LENGTH = 2000;

/** Longest cancellation reason an organisation may list, and most reasons it may list. */
export const CANCELLATION_REASON_MAX_LENGTH = 100;
export const MAX_CANCELLATION_REASONS = 12;
/** Longest text a member may add in their own words when cancelling or pausing. */
export const CANCELLATION_DETAIL_MAX_LENGTH = 1000;
/** The reason a member gives when none of the organisation's fits; their own words say more. */
export const OTHER_CANCELLATION_REASON = "other";
/** Longest pause a member may take, in monthly payments skipped (decision 067). */
export const MAX_PAUSE_MONTHS = 3;
