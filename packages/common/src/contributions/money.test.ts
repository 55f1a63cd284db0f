import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  hasAtMostTwoDecimals,
  monthlyAmountMinor,
  roundPerPeriodAmount,
  toMajorUnits,
  toMinorUnits,
  tryToMinorUnits,
} from "./money.js";

describe("toMinorUnits", () => {
  it("converts numbers exactly, without float slips", () => {
    expect(toMinorUnits(5)).toBe(500);
    expect(toMinorUnits(5.1)).toBe(510);
    expect(toMinorUnits(0.29)).toBe(29);
    expect(toMinorUnits(1.005e2)).toBe(10050);
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(-2.5)).toBe(-250);
    expect(toMinorUnits(0)).toBe(0);
    expect(Object.is(toMinorUnits(-0), 0)).toBe(true);
  });

  it("reads plain decimal text", () => {
    expect(toMinorUnits("12")).toBe(1200);
    expect(toMinorUnits(" 12.3 ")).toBe(1230);
    expect(toMinorUnits("12.30")).toBe(1230);
    expect(toMinorUnits("12.300")).toBe(1230);
    expect(toMinorUnits("+1.01")).toBe(101);
    expect(toMinorUnits("-0.01")).toBe(-1);
  });

  it("refuses more than two decimals", () => {
    expect(() => toMinorUnits(1.001)).toThrow(RangeError);
    expect(() => toMinorUnits("1.001")).toThrow(RangeError);
    expect(() => toMinorUnits(0.1 + 0.2)).toThrow(RangeError);
    expect(() => toMinorUnits(1e-7)).toThrow(RangeError);
  });

  it("refuses non-finite values, unsafe results and other text", () => {
    for (const value of [Number.NaN, Infinity, -Infinity, 1e21, 1e14]) {
      expect(() => toMinorUnits(value), String(value)).toThrow(RangeError);
    }
    for (const text of ["", "abc", "1,50", "1.", ".5", "1e3", "0x10", "£5"]) {
      expect(tryToMinorUnits(text), text).toBeUndefined();
    }
  });

  it("tells whether an amount has at most two decimals", () => {
    expect(hasAtMostTwoDecimals(4.99)).toBe(true);
    expect(hasAtMostTwoDecimals(4.999)).toBe(false);
  });
});

describe("toMajorUnits", () => {
  it("converts whole minor units", () => {
    expect(toMajorUnits(550)).toBe(5.5);
    expect(toMajorUnits(509)).toBe(5.09);
    expect(toMajorUnits(-1)).toBe(-0.01);
  });

  it("refuses fractions of a minor unit", () => {
    expect(() => toMajorUnits(1.5)).toThrow(RangeError);
    expect(() => toMajorUnits(Number.NaN)).toThrow(RangeError);
  });

  it("round-trips with toMinorUnits", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => toMinorUnits(toMajorUnits(minor)) === minor),
    );
  });

  it("round-trips through text with two decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (minor) => toMinorUnits(toMajorUnits(minor).toFixed(2)) === minor),
    );
  });
});

describe("per-period amounts", () => {
  it("keep exact cents instead of rounding to whole units", () => {
    expect(roundPerPeriodAmount(250, "monthly")).toBe(250);
    expect(roundPerPeriodAmount(250, "annually")).toBe(3000);
  });

  it("round only fractions of a cent, half up", () => {
    expect(roundPerPeriodAmount(83.375, "monthly")).toBe(83);
    expect(roundPerPeriodAmount(83.5, "monthly")).toBe(84);
    expect(roundPerPeriodAmount(1000 / 12, "annually")).toBe(1000);
  });

  it("refuse negative and non-finite monthly amounts", () => {
    expect(() => roundPerPeriodAmount(-1, "monthly")).toThrow(RangeError);
    expect(() => roundPerPeriodAmount(Number.NaN, "annually")).toThrow(RangeError);
  });

  it("give a monthly equivalent", () => {
    expect(monthlyAmountMinor(500, "monthly")).toBe(500);
    expect(monthlyAmountMinor(6000, "annually")).toBe(500);
    expect(monthlyAmountMinor(1000, "annually")).toBeCloseTo(83.333, 3);
  });
});
