import type { ContributionPeriod, PaymentMethod } from "@cohort/common/contributions";
import {
  DEFAULT_MIN_MONTHLY_AMOUNT,
  MAX_CONTRIBUTION_AMOUNT,
  chargedAmountMinor,
  estimateFee,
  feeRegion,
  periodMonths,
  toMajorUnits,
  tryToMinorUnits,
} from "@cohort/common/contributions";

/** Suggested monthly amounts; annual ones are twelve times as much. */
export const MONTHLY_PRESETS = [5, 10, 15] as const;

/** The methods offered while the server does not say which it enables. */
export const offeredPaymentMethods: readonly PaymentMethod[] = [
  "s_card",
  "s_sepa",
  "s_bacs",
  "s_paypal",
  "s_ideal",
  "gc_direct-debit",
];

export interface ContributionChoice {
  /** Per-period amount in major units as typed. */
  amount: string;
  period: ContributionPeriod;
  payFee: boolean;
}

export function presetsFor(period: ContributionPeriod): number[] {
  return MONTHLY_PRESETS.map((amount) => amount * periodMonths(period));
}

export function minimumAmount(period: ContributionPeriod, minMonthly = DEFAULT_MIN_MONTHLY_AMOUNT): number {
  return minMonthly * periodMonths(period);
}

/** Reads a typed amount; a comma counts as the decimal separator. */
export function parseAmount(text: string): number | undefined {
  const normalised = text.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return undefined;
  return Number(normalised);
}

export type AmountProblem = "amountInvalid" | "amountTooLow" | "amountTooHigh" | "feeRequired";

/** What is wrong with the choice, as an i18n key under `contribution.errors`, or null. */
export function amountProblem(choice: ContributionChoice): AmountProblem | null {
  const amount = parseAmount(choice.amount);
  if (amount === undefined) return "amountInvalid";
  if (amount < minimumAmount(choice.period)) return "amountTooLow";
  if (amount > MAX_CONTRIBUTION_AMOUNT) return "amountTooHigh";
  if (choice.period === "monthly" && tryToMinorUnits(amount) === 100 && !choice.payFee) return "feeRequired";
  return null;
}

/** Switching period keeps the yearly sum: 5 a month becomes 60 a year and back. */
export function switchPeriod(choice: ContributionChoice, period: ContributionPeriod): ContributionChoice {
  if (period === choice.period) return choice;
  const amount = parseAmount(choice.amount);
  const converted =
    amount === undefined
      ? choice.amount
      : String(period === "annually" ? amount * 12 : Math.max(Math.round((amount / 12) * 100) / 100, 1));
  return { amount: converted, period, payFee: period === "monthly" && choice.payFee };
}

export interface FeeSummary {
  /** Major units. */
  fee: number;
  /** What is charged each period when the member pays the fee, in major units. */
  total: number;
}

/** The processing fee of a monthly amount and what is charged if the member pays it. */
export function feeSummary(
  choice: ContributionChoice,
  paymentMethod: PaymentMethod,
  currencyCode: string,
): FeeSummary | null {
  const amount = parseAmount(choice.amount);
  const amountMinor = amount === undefined ? undefined : tryToMinorUnits(amount);
  if (amountMinor === undefined || choice.period !== "monthly") return null;
  const input = { amountMinor, period: choice.period, paymentMethod, region: feeRegion(currencyCode) };
  return {
    fee: toMajorUnits(estimateFee(input)),
    total: toMajorUnits(chargedAmountMinor({ ...input, payFee: true })),
  };
}
