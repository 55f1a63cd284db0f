import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PaymentMethod } from "../payments/constants.js";
import { contributionPeriods, paymentMethods } from "../payments/constants.js";
import type { FeeRegion } from "./constants.js";
import { feeRegions } from "./constants.js";
import { applyFeeRule, chargedAmountMinor, estimateFee, feeRegion, feeRule } from "./fees.js";

const monthly = (paymentMethod: PaymentMethod, region: FeeRegion, amountMinor: number) =>
  estimateFee({ amountMinor, period: "monthly", paymentMethod, region });

describe("fee table of spec section 9", () => {
  // [method, region, fee on 10.00, fee on 5.00]
  const rows: [PaymentMethod, FeeRegion, number, number][] = [
    ["s_card", "gb", 35, 28], // 0.20 + 1.5 %: 7.5 pence rounds up
    ["s_card", "eu", 40, 33], // 0.25 + 1.5 %
    ["s_card", "ca", 59, 45], // 0.30 + 2.9 %: 14.5 cents rounds up
    ["s_sepa", "gb", 30, 30],
    ["s_sepa", "eu", 35, 35],
    ["s_sepa", "ca", 0, 0],
    ["s_bacs", "gb", 20, 20], // 1 % is under the 0.20 floor
    ["s_bacs", "eu", 0, 0],
    ["s_bacs", "ca", 0, 0],
    ["s_paypal", "gb", 30, 20], // 0.10 + 2 %
    ["s_paypal", "eu", 30, 20],
    ["s_paypal", "ca", 0, 0],
    ["s_ideal", "gb", 30, 30],
    ["s_ideal", "eu", 35, 35],
    ["s_ideal", "ca", 0, 0],
    ["gc_direct-debit", "gb", 30, 25], // 0.20 + 1 %
    ["gc_direct-debit", "eu", 30, 25],
    ["gc_direct-debit", "ca", 30, 25],
  ];

  it("covers every method in every region", () => {
    const covered = new Set(rows.map(([method, region]) => `${method}/${region}`));
    expect(covered.size).toBe(paymentMethods.length * feeRegions.length);
  });

  it.each(rows)("%s in %s", (method, region, onTen, onFive) => {
    expect(monthly(method, region, 1000)).toBe(onTen);
    expect(monthly(method, region, 500)).toBe(onFive);
  });

  it("clamps BACS in the UK between 0.20 and 2.00", () => {
    expect(monthly("s_bacs", "gb", 0)).toBe(20);
    expect(monthly("s_bacs", "gb", 1999)).toBe(20);
    expect(monthly("s_bacs", "gb", 2000)).toBe(20);
    expect(monthly("s_bacs", "gb", 2050)).toBe(21);
    expect(monthly("s_bacs", "gb", 5000)).toBe(50);
    expect(monthly("s_bacs", "gb", 20_000)).toBe(200);
    expect(monthly("s_bacs", "gb", 20_050)).toBe(200);
    expect(monthly("s_bacs", "gb", 1_000_000)).toBe(200);
  });

  it("rounds percentages half up to whole minor units", () => {
    expect(monthly("s_paypal", "gb", 1025)).toBe(31); // 20.5 + 10
    expect(monthly("s_paypal", "gb", 1024)).toBe(30); // 20.48 + 10
    expect(monthly("gc_direct-debit", "gb", 550)).toBe(26); // 5.5 + 20
    expect(monthly("gc_direct-debit", "gb", 549)).toBe(25); // 5.49 + 20
    expect(monthly("s_card", "gb", 100)).toBe(22); // 1.5 + 20
  });

  it("charges nothing on annual contributions", () => {
    for (const method of paymentMethods) {
      for (const region of feeRegions) {
        expect(estimateFee({ amountMinor: 12_000, period: "annually", paymentMethod: method, region })).toBe(0);
      }
    }
  });

  it("refuses fractional, negative and unsafe amounts", () => {
    expect(() => monthly("s_card", "gb", 10.5)).toThrow(RangeError);
    expect(() => monthly("s_card", "gb", -1)).toThrow(RangeError);
    expect(() => monthly("s_card", "gb", Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
  });
});

describe("charged amount", () => {
  const base = { amountMinor: 500, period: "monthly", paymentMethod: "s_card", region: "gb" } as const;

  it("adds the fee only when the member pays it", () => {
    expect(chargedAmountMinor({ ...base, payFee: true })).toBe(528);
    expect(chargedAmountMinor({ ...base, payFee: false })).toBe(500);
  });

  it("never adds a fee to an annual contribution", () => {
    expect(chargedAmountMinor({ ...base, amountMinor: 6000, period: "annually", payFee: true })).toBe(6000);
  });
});

describe("fee properties", () => {
  const amount = fc.integer({ min: 0, max: 100_000_000 });
  const method = fc.constantFrom(...paymentMethods);
  const region = fc.constantFrom(...feeRegions);

  it("are whole, non-negative minor units", () => {
    fc.assert(
      fc.property(amount, method, region, fc.constantFrom(...contributionPeriods), (a, m, r, period) => {
        const fee = estimateFee({ amountMinor: a, period, paymentMethod: m, region: r });
        return Number.isSafeInteger(fee) && fee >= 0;
      }),
    );
  });

  it("are zero for every annual contribution", () => {
    fc.assert(
      fc.property(amount, method, region, (a, m, r) => {
        return estimateFee({ amountMinor: a, period: "annually", paymentMethod: m, region: r }) === 0;
      }),
    );
  });

  it("never fall when the amount rises", () => {
    fc.assert(
      fc.property(amount, amount, method, region, (x, y, m, r) => {
        const [low, high] = x <= y ? [x, y] : [y, x];
        return monthly(m, r, low) <= monthly(m, r, high);
      }),
    );
  });

  it("stay within half a minor unit of the exact fee before clamping", () => {
    fc.assert(
      fc.property(amount, method, region, (a, m, r) => {
        const rule = feeRule(m, r);
        const exact = rule.fixedMinor + (a * rule.basisPoints) / 10_000;
        const unclamped = applyFeeRule({ fixedMinor: rule.fixedMinor, basisPoints: rule.basisPoints }, a);
        return Math.abs(unclamped - exact) <= 0.5;
      }),
    );
  });
});

describe("fee region", () => {
  it("reads currencies, countries and region names in any case", () => {
    expect(feeRegion("GBP")).toBe("gb");
    expect(feeRegion("gb")).toBe("gb");
    expect(feeRegion("uk")).toBe("gb");
    expect(feeRegion("CAD")).toBe("ca");
    expect(feeRegion(" ca ")).toBe("ca");
    expect(feeRegion("EUR")).toBe("eu");
    expect(feeRegion("de")).toBe("eu");
    expect(feeRegion("NL")).toBe("eu");
    expect(feeRegion("eu")).toBe("eu");
  });

  it("falls back to the EU prices for anything else", () => {
    expect(feeRegion("CHF")).toBe("eu");
    expect(feeRegion("USD")).toBe("eu");
    expect(feeRegion("")).toBe("eu");
  });
});
