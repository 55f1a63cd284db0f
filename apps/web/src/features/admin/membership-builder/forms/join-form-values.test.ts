import { describe, expect, it } from "vitest";
import { defaultJoinContent } from "@cohort/common/content";
import { message } from "@cohort/common/validation";
import { joinFormSchema } from "./join-form-schema";
import { formPath, joinFormValues, readAmount } from "./join-form-values";

const content = { ...defaultJoinContent, stripePublicKey: "", stripeCountry: "gb" as const };

describe("join form values", () => {
  it("lists offered periods in their order, then the others, with amounts as text", () => {
    const values = joinFormValues({ ...content, periods: [{ name: "annually", presetAmounts: [50, 99.5] }] });
    expect(values.periods).toEqual([
      { name: "annually", isOffered: true, presetAmounts: [{ amount: "50" }, { amount: "99.5" }] },
      { name: "monthly", isOffered: false, presetAmounts: [] },
    ]);
    expect(values.minMonthlyAmount).toBe("1");
  });

  it("reads amounts with a comma or a point and at most two decimals", () => {
    expect(readAmount(" 7,50 ")).toBe(7.5);
    expect(readAmount("12")).toBe(12);
    expect(readAmount("1.234")).toBeUndefined();
    expect(readAmount("ten")).toBeUndefined();
  });

  it("finds a settings path on the form, where periods not offered still take a place", () => {
    const periods = [{ isOffered: false }, { isOffered: true }];
    expect(formPath(["periods", 0, "presetAmounts", 2], periods)).toEqual([
      "periods",
      "1",
      "presetAmounts",
      "2",
      "amount",
    ]);
    expect(formPath(["periods", 0, "name"], periods)).toEqual(["periods", "1", "name"]);
    expect(formPath(["initialAmount"], periods)).toEqual(["initialAmount"]);
  });

  it("reports the shared schema's rules with this screen's keys and their amounts", () => {
    const values = joinFormValues(content);
    values.minMonthlyAmount = "0";
    values.paymentMethods = [];
    values.showNoContribution = false;
    const messages = joinFormSchema.safeParse(values).error?.issues.map((issue) => issue.message);
    expect(messages).toContain(message("adminMembership.errors.atLeast", { amount: 1 }));
    expect(messages).toContain(message("adminMembership.errors.noMethod"));
  });

  it("saves only offered periods and orders the methods as the checkboxes are", () => {
    const values = joinFormValues(content);
    values.periods[1]!.isOffered = false;
    values.paymentMethods = ["gc_direct-debit", "s_card"];
    const result = joinFormSchema.safeParse(values);
    expect(result.success && result.data).toMatchObject({
      periods: [{ name: "monthly", presetAmounts: [5, 10, 15] }],
      paymentMethods: ["s_card", "gc_direct-debit"],
    });
  });
});
