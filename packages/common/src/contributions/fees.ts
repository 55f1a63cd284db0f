import type { ContributionPeriod, PaymentMethod } from "../payments/constants.js";
import type { FeeRegion } from "./constants.js";
import { DEFAULT_FEE_REGION, euCountryCodes, feeRegions } from "./constants.js";

/*
 * Processing fee estimates (spec section 9), in integer minor units. A member
 * who chooses to pay the fee is charged amount + estimate, so the estimate is
 * shown and charged alike on the server and in the browser.
 */

/** A fee of `fixed + basisPoints / 100 %` of the amount, optionally clamped. */
export interface FeeRule {
  fixedMinor: number;
  /** Hundredths of a percent: 150 is 1.5 %. */
  basisPoints: number;
  minMinor?: number;
  maxMinor?: number;
}

const noFee: FeeRule = { fixedMinor: 0, basisPoints: 0 };

type CardProviderMethod = Exclude<PaymentMethod, "gc_direct-debit">;

/** The card provider's prices by region and method. */
export const cardProviderFees: Record<FeeRegion, Record<CardProviderMethod, FeeRule>> = {
  gb: {
    s_card: { fixedMinor: 20, basisPoints: 150 },
    s_sepa: { fixedMinor: 30, basisPoints: 0 },
    s_bacs: { fixedMinor: 0, basisPoints: 100, minMinor: 20, maxMinor: 200 },
    s_paypal: { fixedMinor: 10, basisPoints: 200 },
    s_ideal: { fixedMinor: 30, basisPoints: 0 },
  },
  eu: {
    s_card: { fixedMinor: 25, basisPoints: 150 },
    s_sepa: { fixedMinor: 35, basisPoints: 0 },
    s_bacs: noFee,
    s_paypal: { fixedMinor: 10, basisPoints: 200 },
    s_ideal: { fixedMinor: 35, basisPoints: 0 },
  },
  ca: {
    s_card: { fixedMinor: 30, basisPoints: 290 },
    s_sepa: noFee,
    s_bacs: noFee,
    s_paypal: noFee,
    s_ideal: noFee,
  },
};

/** The direct-debit provider charges the same everywhere. */
export const directDebitFee: FeeRule = { fixedMinor: 20, basisPoints: 100 };

export function feeRule(paymentMethod: PaymentMethod, region: FeeRegion): FeeRule {
  return paymentMethod === "gc_direct-debit" ? directDebitFee : cardProviderFees[region][paymentMethod];
}

const BASIS_POINTS_PER_UNIT = 10_000;

/**
 * Applies a rule to an amount in minor units. The percentage is rounded half
 * up to a whole minor unit (1.5 % of 5.00 is 7.5 pence, so 8), then the fixed
 * part is added and the total clamped. Integer arithmetic throughout, so the
 * reference product's float slips (`round(5.275 × 100)` giving 527) cannot
 * happen; results may differ from it by one minor unit on exact halves.
 */
export function applyFeeRule(rule: FeeRule, amountMinor: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) {
    throw new RangeError(`Amount must be whole minor units, not negative: ${String(amountMinor)}`);
  }
  const scaled = amountMinor * rule.basisPoints + BASIS_POINTS_PER_UNIT / 2;
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`Amount too large: ${amountMinor}`);
  const percentage = (scaled - (scaled % BASIS_POINTS_PER_UNIT)) / BASIS_POINTS_PER_UNIT;
  const fee = rule.fixedMinor + percentage;
  return Math.min(Math.max(fee, rule.minMinor ?? fee), rule.maxMinor ?? fee);
}

export interface FeeInput {
  /** Per-period amount in minor units. */
  amountMinor: number;
  period: ContributionPeriod;
  paymentMethod: PaymentMethod;
  region: FeeRegion;
}

/** Estimated processing fee in minor units; annual contributions never carry one. */
export function estimateFee(input: FeeInput): number {
  const fee = applyFeeRule(feeRule(input.paymentMethod, input.region), input.amountMinor);
  return input.period === "annually" ? 0 : fee;
}

/** What the member is charged each period, in minor units: the amount, plus the fee when they pay it. */
export function chargedAmountMinor(input: FeeInput & { payFee: boolean }): number {
  return input.amountMinor + (input.payFee ? estimateFee(input) : 0);
}

const regionByCode: Record<string, FeeRegion> = {
  GBP: "gb",
  GB: "gb",
  UK: "gb",
  CAD: "ca",
  CA: "ca",
  EUR: "eu",
  ...Object.fromEntries(euCountryCodes.map((code) => [code, "eu" as const])),
};

/**
 * The fee region for an ISO 4217 currency or ISO 3166 country code (any case),
 * or a region name itself. Pounds and the UK are `gb`, Canadian dollars and
 * Canada `ca`, euros and EU members `eu`. Anything else is `eu` too: the
 * reference product has no other price list, and its EU row is the one
 * European accounts outside the euro area are closest to.
 */
export function feeRegion(countryOrCurrency: string): FeeRegion {
  const code = countryOrCurrency.trim().toUpperCase();
  const region = feeRegions.find((name) => name.toUpperCase() === code);
  return region ?? regionByCode[code] ?? DEFAULT_FEE_REGION;
}
