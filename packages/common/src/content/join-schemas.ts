import { z } from "zod";
import { feeRegions, periodMonths } from "../contributions/index.js";
import { amountSchema } from "../contributions/schemas.js";
import { contributionPeriodSchema, paymentMethodSchema } from "../payments/schemas.js";
import { isValidSlug } from "../callouts/rules.js";
import { message } from "../validation/index.js";
import type { JoinContent, JoinSetupContent } from "./join-constants.js";
import {
  JOIN_PRESETS_MAX,
  JOIN_TEXT_MAX_LENGTH,
  JOIN_TITLE_MAX_LENGTH,
  MIN_MONTHLY_AMOUNT_MAX,
  NEWSLETTER_GROUPS_MAX,
} from "./join-constants.js";

const title = z.string().trim().max(JOIN_TITLE_MAX_LENGTH);
const text = z.string().trim().max(JOIN_TEXT_MAX_LENGTH);

const joinFormFields = {
  title,
  subtitle: text,
  initialAmount: amountSchema,
  initialPeriod: contributionPeriodSchema,
  periods: z
    .array(
      z.object({
        name: contributionPeriodSchema,
        presetAmounts: z
          .array(amountSchema)
          .max(JOIN_PRESETS_MAX, { message: message("adminMembership.errors.tooMany", { max: JOIN_PRESETS_MAX }) }),
      }),
    )
    .min(1, { message: message("adminMembership.errors.noPeriod") }),
  showNoContribution: z.boolean(),
  paymentMethods: z.array(paymentMethodSchema),
  minMonthlyAmount: z
    .number()
    .int({ message: message("adminMembership.errors.wholeAmount") })
    .min(1, { message: message("adminMembership.errors.atLeast", { amount: 1 }) })
    .max(MIN_MONTHLY_AMOUNT_MAX, {
      message: message("adminMembership.errors.atMost", { amount: MIN_MONTHLY_AMOUNT_MAX }),
    }),
  showAbsorbFee: z.boolean(),
};

/** The one-time gift settings (decision 068), edited on a tab of their own. */
const giftFields = {
  giftEnabled: z.boolean(),
  giftAmounts: z
    .array(
      amountSchema.refine((amount) => amount > 0, {
        message: message("adminMembership.errors.atLeast", { amount: 1 }),
      }),
    )
    .max(JOIN_PRESETS_MAX, { message: message("adminMembership.errors.tooMany", { max: JOIN_PRESETS_MAX }) }),
  giftMinAmount: z
    .number()
    .int({ message: message("adminMembership.errors.wholeAmount") })
    .min(1, { message: message("adminMembership.errors.atLeast", { amount: 1 }) })
    .max(MIN_MONTHLY_AMOUNT_MAX, {
      message: message("adminMembership.errors.atMost", { amount: MIN_MONTHLY_AMOUNT_MAX }),
    }),
  giftIntro: text,
};

const joinFields = { ...joinFormFields, ...giftFields };

/** The whole join form as sent to browsers. */
export const joinContentSchema = z.object({
  ...joinFields,
  stripePublicKey: z.string(),
  stripeCountry: z.enum(feeRegions),
});

/**
 * A change to the join form. The read-only fields may be sent back and are
 * ignored; any other unknown field is refused.
 */
export const updateJoinContentSchema = z
  .object({ ...joinFields, stripePublicKey: z.unknown(), stripeCountry: z.unknown() })
  .partial()
  .strict()
  .transform(({ stripePublicKey: _key, stripeCountry: _country, ...changes }) => changes);
export type UpdateJoinContent = z.output<typeof updateJoinContentSchema>;

type JoinSettings = Omit<JoinContent, "stripePublicKey" | "stripeCountry">;
/** The join form tab's settings: the whole join form but the gift settings. */
export type JoinFormSettings = Omit<JoinSettings, keyof typeof giftFields>;
type GiftSettings = Pick<JoinSettings, keyof typeof giftFields>;

/** The join form's rules across its fields: presets and the first amount at least the minimum, a way to join. */
function checkJoinForm(value: JoinFormSettings, ctx: z.RefinementCtx): void {
  const minimum = (period: JoinSettings["initialPeriod"]) => value.minMonthlyAmount * periodMonths(period);
  const seen = new Set<string>();
  value.periods.forEach((period, index) => {
    if (seen.has(period.name)) {
      ctx.addIssue({
        code: "custom",
        path: ["periods", index, "name"],
        message: message("adminMembership.errors.periodTwice"),
      });
    }
    seen.add(period.name);
    period.presetAmounts.forEach((amount, amountIndex) => {
      if (amount < minimum(period.name)) {
        ctx.addIssue({
          code: "custom",
          path: ["periods", index, "presetAmounts", amountIndex],
          message: message("adminMembership.errors.atLeast", { amount: minimum(period.name) }),
        });
      }
    });
  });
  if (!seen.has(value.initialPeriod)) {
    ctx.addIssue({
      code: "custom",
      path: ["initialPeriod"],
      message: message("adminMembership.errors.initialPeriodNotOffered"),
    });
  }
  if (value.initialAmount < minimum(value.initialPeriod)) {
    ctx.addIssue({
      code: "custom",
      path: ["initialAmount"],
      message: message("adminMembership.errors.atLeast", { amount: minimum(value.initialPeriod) }),
    });
  }
  if (new Set(value.paymentMethods).size !== value.paymentMethods.length) {
    ctx.addIssue({ code: "custom", path: ["paymentMethods"], message: message("adminMembership.errors.methodTwice") });
  }
  if (value.paymentMethods.length === 0 && !value.showNoContribution) {
    ctx.addIssue({
      code: "custom",
      path: ["paymentMethods"],
      message: message("adminMembership.errors.noMethod"),
    });
  }
}

/** The gift settings' rule across fields: every amount offered is at least the smallest gift taken. */
function checkGifts(value: GiftSettings, ctx: z.RefinementCtx): void {
  value.giftAmounts.forEach((amount, index) => {
    if (amount < value.giftMinAmount) {
      ctx.addIssue({
        code: "custom",
        path: ["giftAmounts", index],
        message: message("adminMembership.errors.atLeast", { amount: value.giftMinAmount }),
      });
    }
  });
}

/** The join form tab's settings with their rules, without the gift settings. */
export const joinFormSettingsSchema = z.object(joinFormFields).superRefine(checkJoinForm);

/** The gift tab's settings with their rules. */
export const giftSettingsSchema = z.object(giftFields).superRefine(checkGifts);

/** Rules that hold across fields, checked on the settings after a change is merged in. */
export const joinSettingsSchema = z.object(joinFields).superRefine((value: JoinSettings, ctx) => {
  checkJoinForm(value, ctx);
  checkGifts(value, ctx);
});

const joinSetupFields = {
  welcome: text,
  showNewsletterOptIn: z.boolean(),
  newsletterTitle: title,
  newsletterText: text,
  newsletterOptIn: title,
  newsletterGroups: z
    .array(z.object({ id: z.string().trim().min(1).max(100), label: title.min(1), checked: z.boolean() }))
    .max(NEWSLETTER_GROUPS_MAX, {
      message: message("adminMembership.errors.tooManyGroups", { max: NEWSLETTER_GROUPS_MAX }),
    }),
  showMailOptIn: z.boolean(),
  mailTitle: title,
  mailText: text,
  mailOptIn: title,
  surveySlug: z
    .string()
    .trim()
    .refine((slug) => slug === "" || isValidSlug(slug), { message: message("adminMembership.errors.unknownSurvey") }),
  surveyRequired: z.boolean(),
  surveyText: text,
};

export const joinSetupContentSchema = z.object(joinSetupFields) satisfies z.ZodType<JoinSetupContent>;
export const updateJoinSetupContentSchema = joinSetupContentSchema.partial().strict();
export type UpdateJoinSetupContent = z.output<typeof updateJoinSetupContentSchema>;
