import { describe, expect, it } from "vitest";
import { amountProblem, feeSummary, parseAmount, presetsFor, switchPeriod } from "./contribution-choice";

describe("contribution choice", () => {
  it("reads amounts with a dot or a comma and at most two decimals", () => {
    expect(parseAmount("7,50")).toBe(7.5);
    expect(parseAmount(" 10 ")).toBe(10);
    expect(parseAmount("1.234")).toBeUndefined();
    expect(parseAmount("ten")).toBeUndefined();
  });

  it("scales presets and the minimum by period", () => {
    expect(presetsFor("monthly")).toEqual([5, 10, 15]);
    expect(presetsFor("annually")).toEqual([60, 120, 180]);
    expect(amountProblem({ amount: "11.99", period: "annually", payFee: false })).toBe("amountTooLow");
    expect(amountProblem({ amount: "12", period: "annually", payFee: false })).toBeNull();
  });

  it("requires the fee on a monthly contribution of 1", () => {
    expect(amountProblem({ amount: "1", period: "monthly", payFee: false })).toBe("feeRequired");
    expect(amountProblem({ amount: "1", period: "monthly", payFee: true })).toBeNull();
  });

  it("keeps the yearly sum when the period changes and drops the fee for annual", () => {
    const annual = switchPeriod({ amount: "5", period: "monthly", payFee: true }, "annually");
    expect(annual).toEqual({ amount: "60", period: "annually", payFee: false });
    expect(switchPeriod(annual, "monthly").amount).toBe("5");
  });

  it("shows the estimated fee and the monthly total with it", () => {
    const summary = feeSummary({ amount: "10", period: "monthly", payFee: false }, "gc_direct-debit", "EUR");
    expect(summary?.fee).toBeGreaterThan(0);
    expect(summary?.total).toBeCloseTo(10 + (summary?.fee ?? 0), 2);
    expect(feeSummary({ amount: "120", period: "annually", payFee: false }, "s_card", "EUR")).toBeNull();
  });
});
