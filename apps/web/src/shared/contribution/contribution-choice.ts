import type { JoinContent } from "@cohort/common/content";
import type { ContributionPeriod, PaymentMethod } from "@cohort/common/payments";
import type { ContributionRules } from "@cohort/common/contributions";
import {
  DEFAULT_MIN_MONTHLY_AMOUNT,
  MAX_CONTRIBUTION_AMOUNT,
  defaultContributionRules,
  chargedAmountMinor,
  estimateFee,
  feeRegion,
  periodMonths,
  toMajorUnits,
  tryToMinorUnits,
} from "@cohort/common/contributions";

/** The method to select at first: the member's current one when it is still offered, else the first offered. */
export function preferredMethod(
  offered: readonly PaymentMethod[],
  current: PaymentMethod | null | undefined,
): PaymentMethod | undefined {
  return current && offered.includes(current) ? current : offered[0];
}

export interface ContributionChoice {
  /** Per-period amount in major units as typed. */
  amount: string;
  period: ContributionPeriod;
  payFee: boolean;
}

/** What the contribution fields follow: the join form's settings. */
export type ContributionSettings = Pick<JoinContent, "periods" | "minMonthlyAmount" | "showAbsorbFee">;

/** The suggested amounts of a period, as the settings list them; none for a period not offered. */
export function presetsFor(settings: Pick<JoinContent, "periods">, period: ContributionPeriod): number[] {
  return settings.periods.find((entry) => entry.name === period)?.presetAmounts ?? [];
}

/** The periods the join form offers, in the settings' order. */
export function offeredPeriods(settings: Pick<JoinContent, "periods">): ContributionPeriod[] {
  return settings.periods.map((entry) => entry.name);
}

/** The choice the join form starts with: the initial amount and period, or the first period offered. */
export function initialChoice(
  settings: Pick<JoinContent, "periods" | "initialAmount" | "initialPeriod">,
): ContributionChoice {
  const periods = offeredPeriods(settings);
  const period = periods.includes(settings.initialPeriod) ? settings.initialPeriod : (periods[0] ?? "monthly");
  const amount = period === settings.initialPeriod ? settings.initialAmount : presetsFor(settings, period)[0];
  return { amount: amount === undefined ? "" : String(amount), period, payFee: false };
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

/**
 * What is wrong with the choice under the organisation's rules, as an i18n
 * key under `contribution.errors`, or null. A monthly 1 must include the fee
 * only where paying the fee is offered.
 */
export function amountProblem(
  choice: ContributionChoice,
  rules: ContributionRules = defaultContributionRules,
): AmountProblem | null {
  const amount = parseAmount(choice.amount);
  if (amount === undefined) return "amountInvalid";
  if (amount < minimumAmount(choice.period, rules.minMonthlyAmount)) return "amountTooLow";
  if (amount > MAX_CONTRIBUTION_AMOUNT) return "amountTooHigh";
  const isMonthlyOne = choice.period === "monthly" && tryToMinorUnits(amount) === 100;
  if (rules.showAbsorbFee && isMonthlyOne && !choice.payFee) return "feeRequired";
  return null;
}

/** The choice as sent: no fee on top where paying it is not offered. */
export function applyFeeRule(choice: ContributionChoice, rules: ContributionRules): ContributionChoice {
  return rules.showAbsorbFee || !choice.payFee ? choice : { ...choice, payFee: false };
}

/**
 * Switching period keeps the yearly sum (5 a month becomes 60 a year and
 * back), but not below the minimum.
 */
export function switchPeriod(
  choice: ContributionChoice,
  period: ContributionPeriod,
  minMonthly = DEFAULT_MIN_MONTHLY_AMOUNT,
): ContributionChoice {
  if (period === choice.period) return choice;
  const amount = parseAmount(choice.amount);
  const converted =
    amount === undefined
      ? choice.amount
      : String(period === "annually" ? amount * 12 : Math.max(Math.round((amount / 12) * 100) / 100, minMonthly));
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
