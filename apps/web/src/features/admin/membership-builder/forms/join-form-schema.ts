import { z } from "zod";
import {
  JOIN_PRESETS_MAX,
  JOIN_TEXT_MAX_LENGTH,
  JOIN_TITLE_MAX_LENGTH,
  joinFormSettingsSchema,
} from "@cohort/common/content";
import { contributionPeriods, paymentMethods } from "@cohort/common/payments";
import { message } from "@cohort/common/validation";
import { keyedMessage } from "../../../../app/forms/validation-message";
import type { JoinSettings } from "./join-form-values";
import { formPath, readAmount } from "./join-form-values";

const required = message("validation.required");

const amountText = z
  .string()
  .trim()
  .min(1, { message: required })
  .refine((text) => readAmount(text) !== undefined, { message: keyedMessage("adminMembership.errors.amount") })
  .transform((text) => readAmount(text) ?? 0);

const wholeAmountText = z
  .string()
  .trim()
  .min(1, { message: required })
  .regex(/^\d+$/, { message: keyedMessage("adminMembership.errors.wholeAmount") })
  .transform(Number);

const tooLong = (max: number) => ({ message: message("validation.tooLong", { max }) });

const formFields = z.object({
  title: z.string().trim().max(JOIN_TITLE_MAX_LENGTH, tooLong(JOIN_TITLE_MAX_LENGTH)),
  subtitle: z.string().trim().max(JOIN_TEXT_MAX_LENGTH, tooLong(JOIN_TEXT_MAX_LENGTH)),
  periods: z.array(
    z.object({
      name: z.enum(contributionPeriods),
      isOffered: z.boolean(),
      presetAmounts: z
        .array(z.object({ amount: amountText }))
        .max(JOIN_PRESETS_MAX, { message: keyedMessage("adminMembership.errors.tooMany", { max: JOIN_PRESETS_MAX }) }),
    }),
  ),
  initialAmount: amountText,
  initialPeriod: z.enum(contributionPeriods),
  minMonthlyAmount: wholeAmountText,
  showAbsorbFee: z.boolean(),
  showNoContribution: z.boolean(),
  paymentMethods: z.array(z.enum(paymentMethods)),
});

type FormOutput = z.output<typeof formFields>;

/** The settings the form stands for: offered periods only, methods in their usual order. */
function toSettings(values: FormOutput): JoinSettings {
  return {
    title: values.title,
    subtitle: values.subtitle,
    periods: values.periods
      .filter((period) => period.isOffered)
      .map((period) => ({ name: period.name, presetAmounts: period.presetAmounts.map((preset) => preset.amount) })),
    initialAmount: values.initialAmount,
    initialPeriod: values.initialPeriod,
    minMonthlyAmount: values.minMonthlyAmount,
    showAbsorbFee: values.showAbsorbFee,
    showNoContribution: values.showNoContribution,
    paymentMethods: paymentMethods.filter((method) => values.paymentMethods.includes(method)),
  };
}

/**
 * The join form: each field as typed, then the server's own rules across
 * fields (presets and the first amount at least the minimum, the first period
 * offered, a way to join), reported beside the fields they concern.
 */
export const joinFormSchema = formFields
  .superRefine((values, ctx) => {
    const result = joinFormSettingsSchema.safeParse(toSettings(values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      ctx.addIssue({
        code: "custom",
        path: formPath(issue.path, values.periods),
        message: issue.message,
      });
    }
  })
  .transform(toSettings);
