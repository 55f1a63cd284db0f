import { describe, expect, it } from "vitest";
import { JOIN_PRESETS_MAX } from "@cohort/common/content";
import { giftFormSchema, giftSettings, type GiftFormValues } from "./gift-form-schema";

const valid: GiftFormValues = { giftEnabled: true, giftAmounts: "10; 25,50 50", giftMinAmount: "5", giftIntro: "" };

/** The first message the form shows on each field. */
function errorsOf(values: Partial<GiftFormValues>): Record<string, string> {
  const result = giftFormSchema.safeParse({ ...valid, ...values });
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe("the gift settings form", () => {
  it("reads the amounts as typed into the settings it saves", () => {
    expect(giftFormSchema.safeParse(valid).success).toBe(true);
    expect(giftSettings(valid)).toEqual({
      giftEnabled: true,
      giftAmounts: [10, 25.5, 50],
      giftMinAmount: 5,
      giftIntro: "",
    });
  });

  it("reports each rule beside its field", () => {
    expect(errorsOf({ giftAmounts: "10; ten" })).toEqual({ giftAmounts: "adminMembership.gifts.amountsInvalid" });
    expect(errorsOf({ giftAmounts: "10; 4" })).toEqual({ giftAmounts: 'adminMembership.errors.atLeast|{"amount":5}' });
    expect(errorsOf({ giftAmounts: Array.from({ length: JOIN_PRESETS_MAX + 1 }, () => "10").join(" ") })).toEqual({
      giftAmounts: `adminMembership.errors.tooMany|{"max":${JOIN_PRESETS_MAX}}`,
    });
    expect(errorsOf({ giftMinAmount: "2.5" })).toEqual({ giftMinAmount: "adminMembership.errors.wholeAmount" });
    expect(errorsOf({ giftMinAmount: "0", giftAmounts: "" })).toEqual({
      giftMinAmount: 'adminMembership.errors.atLeast|{"amount":1}',
    });
    expect(errorsOf({ giftMinAmount: "1001", giftAmounts: "" })).toEqual({
      giftMinAmount: 'adminMembership.errors.atMost|{"amount":1000}',
    });
  });
});
