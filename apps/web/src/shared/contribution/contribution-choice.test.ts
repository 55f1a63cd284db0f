import { describe, expect, it } from "vitest";
import { defaultJoinContent } from "@cohort/common/content";
import {
  amountProblem,
  applyFeeRule,
  feeSummary,
  initialChoice,
  offeredPeriods,
  parseAmount,
  presetsFor,
  switchPeriod,
} from "./contribution-choice";

const noFee = { minMonthlyAmount: 3, showAbsorbFee: false };

describe("contribution choice", () => {
  it("reads amounts with a dot or a comma and at most two decimals", () => {
    expect(parseAmount("7,50")).toBe(7.5);
    expect(parseAmount(" 10 ")).toBe(10);
    expect(parseAmount("1.234")).toBeUndefined();
    expect(parseAmount("ten")).toBeUndefined();
  });

  it("offers the presets of the periods the settings list, and none for others", () => {
    const monthlyOnly = { periods: [{ name: "monthly" as const, presetAmounts: [7, 14, 21] }] };
    expect(presetsFor(defaultJoinContent, "monthly")).toEqual([5, 10, 15]);
    expect(presetsFor(defaultJoinContent, "annually")).toEqual([60, 120, 180]);
    expect(presetsFor(monthlyOnly, "annually")).toEqual([]);
    expect(offeredPeriods(monthlyOnly)).toEqual(["monthly"]);
  });

  it("starts from the initial amount and period, or the first period offered", () => {
    expect(initialChoice(defaultJoinContent)).toEqual({ amount: "10", period: "monthly", payFee: false });
    const annualOnly = {
      periods: [{ name: "annually" as const, presetAmounts: [50, 100] }],
      initialAmount: 10,
      initialPeriod: "monthly" as const,
    };
    expect(initialChoice(annualOnly)).toEqual({ amount: "50", period: "annually", payFee: false });
  });

  it("scales the configured minimum by period", () => {
    expect(amountProblem({ amount: "11.99", period: "annually", payFee: false })).toBe("amountTooLow");
    expect(amountProblem({ amount: "12", period: "annually", payFee: false })).toBeNull();
    expect(amountProblem({ amount: "2.99", period: "monthly", payFee: false }, noFee)).toBe("amountTooLow");
    expect(amountProblem({ amount: "35", period: "annually", payFee: false }, noFee)).toBe("amountTooLow");
    expect(amountProblem({ amount: "36", period: "annually", payFee: false }, noFee)).toBeNull();
  });

  it("requires the fee on a monthly contribution of 1 only where paying it is offered", () => {
    expect(amountProblem({ amount: "1", period: "monthly", payFee: false })).toBe("feeRequired");
    expect(amountProblem({ amount: "1", period: "monthly", payFee: true })).toBeNull();
    const lowMinimum = { minMonthlyAmount: 1, showAbsorbFee: false };
    expect(amountProblem({ amount: "1", period: "monthly", payFee: false }, lowMinimum)).toBeNull();
  });

  it("drops the fee where paying it is not offered", () => {
    const choice = { amount: "5", period: "monthly" as const, payFee: true };
    expect(applyFeeRule(choice, noFee).payFee).toBe(false);
    expect(applyFeeRule(choice, { minMonthlyAmount: 1, showAbsorbFee: true })).toBe(choice);
  });

  it("keeps the yearly sum when the period changes and drops the fee for annual", () => {
    const annual = switchPeriod({ amount: "5", period: "monthly", payFee: true }, "annually");
    expect(annual).toEqual({ amount: "60", period: "annually", payFee: false });
    expect(switchPeriod(annual, "monthly").amount).toBe("5");
    expect(switchPeriod({ amount: "12", period: "annually", payFee: false }, "monthly", 3).amount).toBe("3");
  });

  it("shows the estimated fee and the monthly total with it", () => {
    const summary = feeSummary({ amount: "10", period: "monthly", payFee: false }, "gc_direct-debit", "EUR");
    expect(summary?.fee).toBeGreaterThan(0);
    expect(summary?.total).toBeCloseTo(10 + (summary?.fee ?? 0), 2);
    expect(feeSummary({ amount: "120", period: "annually", payFee: false }, "s_card", "EUR")).toBeNull();
  });
});
