import { z } from "zod";
import { JOIN_PRESETS_MAX, JOIN_TEXT_MAX_LENGTH, MIN_MONTHLY_AMOUNT_MAX } from "@cohort/common/content";
import { message } from "@cohort/common/validation";
import type { JoinContentChanges } from "../../../../api/join-content";
import { keyedMessage } from "../../../../app/forms/validation-message";
import { readAmount } from "./join-form-values";

/** The amounts as typed, one list separated by semicolons or spaces: `10; 25; 50`. */
export function readGiftAmounts(text: string): number[] | undefined {
  const amounts = text
    .split(/[;\s]+/)
    .filter(Boolean)
    .map(readAmount);
  return amounts.every((amount): amount is number => amount !== undefined && amount > 0) ? amounts : undefined;
}

const readWholeAmount = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);

/** The one-time gift settings as the admin types them (decision 068); `giftSettings` reads them. */
export const giftFormSchema = z
  .object({
    giftEnabled: z.boolean(),
    giftAmounts: z
      .string()
      .max(200)
      .refine((text) => readGiftAmounts(text) !== undefined, {
        message: keyedMessage("adminMembership.gifts.amountsInvalid"),
      })
      .refine((text) => (readGiftAmounts(text) ?? []).length <= JOIN_PRESETS_MAX, {
        message: keyedMessage("adminMembership.errors.tooMany", { max: JOIN_PRESETS_MAX }),
      }),
    giftMinAmount: z
      .string()
      .refine((text) => readWholeAmount(text) !== undefined, {
        message: keyedMessage("adminMembership.errors.wholeAmount"),
      })
      .refine((text) => (readWholeAmount(text) ?? 1) >= 1, {
        message: keyedMessage("adminMembership.errors.atLeast", { amount: 1 }),
      })
      .refine((text) => (readWholeAmount(text) ?? 1) <= MIN_MONTHLY_AMOUNT_MAX, {
        message: keyedMessage("adminMembership.errors.atMost", { amount: MIN_MONTHLY_AMOUNT_MAX }),
      }),
    giftIntro: z
      .string()
      .trim()
      .max(JOIN_TEXT_MAX_LENGTH, { message: message("validation.tooLong", { max: JOIN_TEXT_MAX_LENGTH }) }),
  })
  .superRefine((value, ctx) => {
    const minimum = readWholeAmount(value.giftMinAmount);
    const below = (readGiftAmounts(value.giftAmounts) ?? []).some(
      (amount) => minimum !== undefined && amount < minimum,
    );
    if (below && minimum !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["giftAmounts"],
        message: keyedMessage("adminMembership.errors.atLeast", { amount: minimum }),
      });
    }
  });
export type GiftFormValues = z.output<typeof giftFormSchema>;

/** The settings a valid form stands for. */
export function giftSettings(values: GiftFormValues): JoinContentChanges {
  return {
    giftEnabled: values.giftEnabled,
    giftAmounts: readGiftAmounts(values.giftAmounts) ?? [],
    giftMinAmount: readWholeAmount(values.giftMinAmount) ?? 1,
    giftIntro: values.giftIntro,
  };
}
