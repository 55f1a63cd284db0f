import type { FeeRegion } from "../contributions/constants.js";
import { DEFAULT_MIN_MONTHLY_AMOUNT, DEFAULT_SHOW_ABSORB_FEE } from "../contributions/constants.js";
import type { ContributionPeriod, PaymentMethod } from "../payments/constants.js";
import { paymentMethods } from "../payments/constants.js";

/** The amounts offered for one period on the join form. */
export interface JoinPeriod {
  name: ContributionPeriod;
  /** Major units, in the order shown. */
  presetAmounts: number[];
}

/** Settings of the join form (`/content/join`). */
export interface JoinContent {
  /** Empty means the translated default heading. */
  title: string;
  /** Under the heading: rich text, or plain text shown as paragraphs; empty means the translated default. */
  subtitle: string;
  /** Major units, per `initialPeriod`. */
  initialAmount: number;
  initialPeriod: ContributionPeriod;
  periods: JoinPeriod[];
  /** Whether people may join without contributing. */
  showNoContribution: boolean;
  /** The methods offered, in order; only those an enabled provider takes are listed when read. */
  paymentMethods: PaymentMethod[];
  /** Whole major units a month; annual contributions need twelve times as much. */
  minMonthlyAmount: number;
  /** Whether members may pay the processing fee on top of a monthly contribution. */
  showAbsorbFee: boolean;
  /** Whether visitors may give once, on `/donate` and from the join page (decision 068). */
  giftEnabled: boolean;
  /** The gift amounts offered, major units, in the order shown. */
  giftAmounts: number[];
  /** Whole major units: the smallest gift taken. */
  giftMinAmount: number;
  /** Above the gift form: rich text, or plain text shown as paragraphs; empty means the translated default. */
  giftIntro: string;
  /** Read-only: the key the browser gives Stripe.js; empty when Stripe is not configured. */
  stripePublicKey: string;
  /** Read-only: the fee region of the organisation's currency. */
  stripeCountry: FeeRegion;
}

export const JOIN_PRESETS_MAX = 6;
export const JOIN_TITLE_MAX_LENGTH = 200;
export const JOIN_TEXT_MAX_LENGTH = 5000;
export const MIN_MONTHLY_AMOUNT_MAX = 1000;

export const defaultJoinContent: Omit<JoinContent, "stripePublicKey" | "stripeCountry"> = {
  title: "",
  subtitle: "",
  initialAmount: 10,
  initialPeriod: "monthly",
  periods: [
    { name: "monthly", presetAmounts: [5, 10, 15] },
    { name: "annually", presetAmounts: [60, 120, 180] },
  ],
  showNoContribution: false,
  paymentMethods: [...paymentMethods],
  minMonthlyAmount: DEFAULT_MIN_MONTHLY_AMOUNT,
  showAbsorbFee: DEFAULT_SHOW_ABSORB_FEE,
  giftEnabled: false,
  giftAmounts: [10, 25, 50],
  giftMinAmount: 1,
  giftIntro: "",
};

/** A choice offered to members at the end of joining, such as newsletter interests. */
export interface NewsletterGroupOption {
  id: string;
  label: string;
  checked: boolean;
}

/** Settings of the last steps of joining (`/content/join/setup`). Empty texts mean the translated defaults. */
export interface JoinSetupContent {
  /** Shown above the set-up form: rich text, or plain text shown as paragraphs. */
  welcome: string;
  showNewsletterOptIn: boolean;
  newsletterTitle: string;
  /** Plain text: the checkbox's description. */
  newsletterText: string;
  /** The checkbox label. */
  newsletterOptIn: string;
  newsletterGroups: NewsletterGroupOption[];
  /** Whether new members are asked for a delivery address (for a print product). */
  showMailOptIn: boolean;
  mailTitle: string;
  /** Rich text, or plain text shown as paragraphs. */
  mailText: string;
  /** The checkbox label. */
  mailOptIn: string;
  /** The callout new members answer at `/join/survey`; empty for none. */
  surveySlug: string;
  /** Whether the survey may not be skipped. */
  surveyRequired: boolean;
  /** Shown above the survey: rich text, or plain text shown as paragraphs. */
  surveyText: string;
}

export const NEWSLETTER_GROUPS_MAX = 20;

export const defaultJoinSetupContent: JoinSetupContent = {
  welcome: "",
  showNewsletterOptIn: true,
  newsletterTitle: "",
  newsletterText: "",
  newsletterOptIn: "",
  newsletterGroups: [],
  showMailOptIn: false,
  mailTitle: "",
  mailText: "",
  mailOptIn: "",
  surveySlug: "",
  surveyRequired: false,
  surveyText: "",
};
