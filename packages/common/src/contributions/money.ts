import type { ContributionPeriod } from "../payments/constants.js";
import { MINOR_UNITS_PER_MAJOR } from "./constants.js";

/*
 * Money is stored and computed as integers in minor units (pence, cents).
 * The wire carries major units (`5.5`), as the reference API does; the
 * conversion happens once at the edge with these helpers.
 */

const decimalPattern = /^([+-])?(\d+)(?:\.(\d+))?$/;

/**
 * Converts an amount in major units to minor units, exactly: `5.1` is 510,
 * never 509.99…. Numbers are read through their shortest decimal form, so
 * the conversion never multiplies a binary fraction. Strings take the form
 * `12`, `12.3` or `-12.34`; trailing zeros after two decimals are fine.
 *
 * Throws a RangeError for more than two significant decimals, non-finite
 * values, text that is not a plain decimal, and results beyond safe integers.
 */
export function toMinorUnits(major: number | string): number {
  const minor = tryToMinorUnits(major);
  if (minor === undefined) {
    throw new RangeError(`Not an amount with at most two decimals: ${String(major)}`);
  }
  return minor;
}

/** As {@link toMinorUnits}, but undefined instead of an error. */
export function tryToMinorUnits(major: number | string): number | undefined {
  if (typeof major === "number" && !Number.isFinite(major)) return undefined;
  // Exponent notation only appears below 1e-6 (too many decimals) or from 1e21 (unsafe).
  const text = typeof major === "number" ? String(major) : major.trim();
  const match = decimalPattern.exec(text);
  if (!match) return undefined;
  const [, sign, whole = "", fraction = ""] = match;
  const decimals = fraction.replace(/0+$/, "");
  if (decimals.length > 2) return undefined;
  const minor = Number(whole) * MINOR_UNITS_PER_MAJOR + Number(decimals.padEnd(2, "0"));
  if (!Number.isSafeInteger(minor)) return undefined;
  if (minor === 0) return 0;
  return sign === "-" ? -minor : minor;
}

/** True for amounts in major units that have at most two decimals. */
export function hasAtMostTwoDecimals(major: number): boolean {
  return tryToMinorUnits(major) !== undefined;
}

/** Converts whole minor units to major units for the wire: 550 is 5.5. */
export function toMajorUnits(minor: number): number {
  if (!Number.isSafeInteger(minor)) {
    throw new RangeError(`Minor units must be a whole number: ${String(minor)}`);
  }
  // Division of an integer is correctly rounded, so 509 / 100 is the same number as the literal 5.09.
  return minor / MINOR_UNITS_PER_MAJOR;
}

/** Months in one contribution period. */
export function periodMonths(period: ContributionPeriod): 1 | 12 {
  return period === "annually" ? 12 : 1;
}

/**
 * The per-period amount for a monthly amount, in minor units.
 *
 * The reference product stores a monthly float and rounds the per-period
 * amount to whole major units (so 2.5 a month shows and charges as 3).
 * Cohort stores the per-period amount itself in minor units, so this is
 * only needed where a monthly figure comes in (imports, reference data):
 * it keeps exact cents and rounds only a fraction of a cent, half up.
 */
export function roundPerPeriodAmount(monthlyAmountMinor: number, period: ContributionPeriod): number {
  if (!Number.isFinite(monthlyAmountMinor) || monthlyAmountMinor < 0) {
    throw new RangeError(`Not a monthly amount: ${String(monthlyAmountMinor)}`);
  }
  // Math.round rounds halves up for the non-negative numbers allowed here.
  return Math.round(monthlyAmountMinor * periodMonths(period));
}

/**
 * The monthly equivalent of a per-period amount, in minor units and not
 * rounded (an annual 10.00 is 83.33… a month). For sorting, filtering and
 * statistics only; never store or charge it.
 */
export function monthlyAmountMinor(perPeriodMinor: number, period: ContributionPeriod): number {
  return perPeriodMinor / periodMonths(period);
}
