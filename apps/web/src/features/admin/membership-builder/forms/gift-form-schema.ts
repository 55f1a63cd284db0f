import { z } from "zod";
import { JOIN_TEXT_MAX_LENGTH, giftSettingsSchema } from "@cohort/common/content";
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

const formFields = z.object({
  giftEnabled: z.boolean(),
  giftAmounts: z
    .string()
    .max(200)
    .refine((text) => readGiftAmounts(text) !== undefined, {
      message: keyedMessage("adminMembership.gifts.amountsInvalid"),
    }),
  giftMinAmount: z.string().refine((text) => readWholeAmount(text) !== undefined, {
    message: keyedMessage("adminMembership.errors.wholeAmount"),
  }),
  giftIntro: z
    .string()
    .trim()
    .max(JOIN_TEXT_MAX_LENGTH, { message: message("validation.tooLong", { max: JOIN_TEXT_MAX_LENGTH }) }),
});

/**
 * The one-time gift settings as the admin types them (decision 068): each
 * field as typed, then the server's own gift rules, reported beside the field
 * they concern (the amounts are one field on the form).
 */
export const giftFormSchema = formFields.superRefine((values, ctx) => {
  const result = giftSettingsSchema.safeParse(giftSettings(values));
  if (result.success) return;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: "custom", path: [String(issue.path[0])], message: issue.message });
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
