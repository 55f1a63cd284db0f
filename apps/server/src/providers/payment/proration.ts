import { addMonths } from "@cohort/common/contributions";
import type { ContributionPeriod } from "@cohort/common/payments";

/** A one-off charge smaller than this (minor units) is not worth collecting; the change just starts now. */
export const MIN_ONE_OFF_MINOR = 100;

/** How many whole calendar months fit between two moments (0 when `to` is not later). */
export function wholeMonthsBetween(from: Date, to: Date): number {
  let months = 0;
  while (addMonths(from, months + 1) <= to) months += 1;
  return months;
}

/**
 * What a raise costs for the rest of a paid period, in minor units: the
 * difference per month (a twelfth of it for annual amounts) for each whole
 * month left; 0 for a cut, or when it comes to less than `MIN_ONE_OFF_MINOR`.
 */
export function prorationMinor(input: {
  oldAmountMinor: number;
  newAmountMinor: number;
  period: ContributionPeriod;
  monthsLeft: number;
}): number {
  const monthsPerPeriod = input.period === "annually" ? 12 : 1;
  const oneOff = Math.round(((input.newAmountMinor - input.oldAmountMinor) * input.monthsLeft) / monthsPerPeriod);
  return oneOff >= MIN_ONE_OFF_MINOR ? oneOff : 0;
}
