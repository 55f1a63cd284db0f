import { z } from "zod";
import { attributionSchema } from "../attribution/schemas.js";
import { emailSchema, localeSchema, passwordSchema } from "../contacts/schemas.js";
import type { ContributionPeriod } from "../payments/constants.js";
import { contributionPeriodSchema, paymentMethodSchema } from "../payments/schemas.js";
import type { ContributionRules } from "./constants.js";
import {
  CANCELLATION_DETAIL_MAX_LENGTH,
  CANCELLATION_REASON_MAX_LENGTH,
  MAX_CONTRIBUTION_AMOUNT,
  MAX_PAUSE_MONTHS,
  defaultContributionRules,
  PAYMENT_FLOW_ID_MAX_LENGTH,
  SOURCE_MAX_LENGTH,
  URL_MAX_LENGTH,
} from "./constants.js";
import { hasAtMostTwoDecimals, periodMonths, toMajorUnits, toMinorUnits, tryToMinorUnits } from "./money.js";
import { message, requiredWhenMissing } from "../validation/index.js";

const required = requiredWhenMissing;
const atLeast = (amount: number) => message("adminMembership.errors.atLeast", { amount });

/** An amount in major units: a non-negative number with at most two decimals (spec section 5). */
export const amountSchema = z
  .number({ error: required })
  .min(0, { message: atLeast(0) })
  .max(MAX_CONTRIBUTION_AMOUNT, {
    message: message("adminMembership.errors.atMost", { amount: MAX_CONTRIBUTION_AMOUNT }),
  })
  .refine(hasAtMostTwoDecimals, { message: "Use at most two decimals" });

/** Where a provider or an email sends people back: http(s), with a dotted host name or localhost. */
export const returnUrlSchema = z
  .string({ error: (issue) => message(issue.input === undefined ? "validation.urlRequired" : "validation.urlInvalid") })
  .trim()
  .min(1, { message: message("validation.urlRequired") })
  .max(URL_MAX_LENGTH, { message: `Maximum length of ${URL_MAX_LENGTH} characters exceeded` })
  .pipe(
    z.url({
      protocol: /^https?$/,
      hostname: /^(localhost|\[[\da-f:.]+\]|[^.]+(\.[^.]+)+)$/i,
      message: message("validation.urlInvalid"),
    }),
  );

const paymentFlowIdSchema = z
  .string({ error: required })
  .trim()
  .min(1, { message: "This field is required" })
  .max(PAYMENT_FLOW_ID_MAX_LENGTH);

// ------------------------------------------------------------ contribution input

const contributionShape = {
  /** Per-period amount in major units. */
  amount: amountSchema,
  period: contributionPeriodSchema,
  /** Monthly only: the member pays the processing fee on top. */
  payFee: z.boolean().optional(),
  /** Annual only: charge the difference of a change now rather than at renewal. */
  prorate: z.boolean().optional(),
};

interface ContributionFields {
  amount: number;
  period: ContributionPeriod;
  payFee?: boolean | undefined;
  prorate?: boolean | undefined;
}

function checkContribution(rules: ContributionRules) {
  const minMonthlyMinor = toMinorUnits(rules.minMonthlyAmount);
  return (value: ContributionFields, ctx: z.RefinementCtx) => {
    const minMinor = minMonthlyMinor * periodMonths(value.period);
    const amountMinor = tryToMinorUnits(value.amount);
    if (amountMinor === undefined) return; // already reported by amountSchema
    if (amountMinor < minMinor) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: atLeast(toMajorUnits(minMinor)) });
    }
    if (value.payFee === true && !rules.showAbsorbFee) {
      ctx.addIssue({ code: "custom", path: ["payFee"], message: "Paying the fee is not offered" });
    } else if (value.payFee === true && value.period === "annually") {
      ctx.addIssue({ code: "custom", path: ["payFee"], message: "The fee applies to monthly contributions only" });
    } else if (rules.showAbsorbFee && value.period === "monthly" && amountMinor === 100 && value.payFee !== true) {
      ctx.addIssue({ code: "custom", path: ["payFee"], message: "A monthly contribution of 1 must include the fee" });
    }
  };
}

/** payFee only counts for monthly and prorate only for annual contributions; both default to false. */
function normaliseContribution<T extends ContributionFields>(value: T) {
  return {
    ...value,
    payFee: value.period === "monthly" && value.payFee === true,
    prorate: value.period === "annually" && value.prorate === true,
  };
}

/** Body of POST /contact/{id}/contribution, and the `contribution` of a signup. */
/** Throws when `rules.minMonthlyAmount` has more than two decimals. */
export function makeContributionInputSchema(rules: ContributionRules) {
  return z
    .object({ ...contributionShape, paymentMethod: paymentMethodSchema, completeUrl: returnUrlSchema })
    .strict()
    .superRefine(checkContribution(rules))
    .transform(normaliseContribution);
}
export const contributionInputSchema = makeContributionInputSchema(defaultContributionRules);
export type ContributionInput = z.output<typeof contributionInputSchema>;
export type ContributionInputForm = z.input<typeof contributionInputSchema>;

/** Body of PATCH /contact/{id}/contribution: a new amount or period on the stored payment method. */
export function makeUpdateContributionSchema(rules: ContributionRules) {
  return z.object(contributionShape).strict().superRefine(checkContribution(rules)).transform(normaliseContribution);
}
export const updateContributionSchema = makeUpdateContributionSchema(defaultContributionRules);
export type UpdateContribution = z.output<typeof updateContributionSchema>;

const sourceTextSchema = z.string().trim().max(SOURCE_MAX_LENGTH).nullish();

/**
 * Body of PATCH /contact/{id}/contribution/force (admins): a contribution kept
 * outside the payment providers. Amount and period come together or not at
 * all (the reference product silently dropped a lone one); a contact without
 * a contribution has neither. Null is the same as absent.
 */
export const forceContributionSchema = z
  .object({
    type: z.enum(["Manual", "None"], { error: required }),
    amount: amountSchema.refine((amount) => amount > 0, { message: atLeast(0.01) }).nullish(),
    period: contributionPeriodSchema.nullish(),
    /** Where the money comes from, such as a standing order's reference. */
    source: sourceTextSchema,
    /** The payer's reference with the bank or the organisation. */
    reference: sourceTextSchema,
  })
  .strict()
  .superRefine((value, ctx) => {
    const hasAmount = value.amount !== undefined && value.amount !== null;
    const hasPeriod = value.period !== undefined && value.period !== null;
    if (value.type === "None" && (hasAmount || hasPeriod)) {
      const message = "A contact without a contribution has no amount or period";
      ctx.addIssue({ code: "custom", path: ["type"], message });
    } else if (hasAmount !== hasPeriod) {
      ctx.addIssue({
        code: "custom",
        path: [hasAmount ? "period" : "amount"],
        message: message("validation.required"),
      });
    }
  });
export type ForceContribution = z.output<typeof forceContributionSchema>;

/** Body of PUT /contact/{id}/payment-method; without a method the stored one is set up again. */
export const paymentMethodUpdateSchema = z
  .object({ completeUrl: returnUrlSchema, paymentMethod: paymentMethodSchema.optional() })
  .strict();
export type PaymentMethodUpdate = z.output<typeof paymentMethodUpdateSchema>;

/** Body of the `/complete` calls: the id the provider added to `completeUrl`. */
export const completeFlowSchema = z.object({ paymentFlowId: paymentFlowIdSchema }).strict();
export type CompleteFlow = z.output<typeof completeFlowSchema>;

/** What the browser does next: confirm a card setup in place, or go to the provider's page. */
export const paymentFlowParamsSchema = z.union([
  z.object({ clientSecret: z.string().min(1) }),
  z.object({ redirectUrl: z.url({ protocol: /^https?$/ }) }),
]);
export type PaymentFlowParams = z.output<typeof paymentFlowParamsSchema>;

// ------------------------------------------------------------ signup

/** Body of POST /signup; with a contribution it answers with payment flow params. */
export function makeSignupSchema(rules: ContributionRules) {
  return z
    .object({
      email: emailSchema,
      loginUrl: returnUrlSchema,
      setPasswordUrl: returnUrlSchema,
      confirmUrl: returnUrlSchema,
      password: passwordSchema.optional(),
      contribution: makeContributionInputSchema(rules).optional(),
      /** The language of the join page; the person's emails use it. */
      locale: localeSchema.optional(),
      /** The campaign fields of the link the join page was opened with (decision 074). */
      attribution: attributionSchema.optional(),
    })
    .strict();
}
export const signupSchema = makeSignupSchema(defaultContributionRules);
export type Signup = z.output<typeof signupSchema>;

/** An EU VAT number's format (not its checksum): a country prefix, Greece as EL, then 2–12 letters or digits. */
export const vatNumberSchema = z
  .string()
  .max(30)
  .transform((value) => value.replace(/[\s.-]/g, "").toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z]{2,12}$/, {
        message: "Invalid VAT number",
      }),
  );

/** Body of POST /signup/complete, after the payment provider's step. */
export const signupCompleteSchema = z
  .object({
    paymentFlowId: paymentFlowIdSchema,
    firstname: z.string().trim().max(100).optional(),
    lastname: z.string().trim().max(100).optional(),
    vatNumber: vatNumberSchema.optional(),
  })
  .strict();
export type SignupComplete = z.output<typeof signupCompleteSchema>;

/** Body of POST /signup/confirm-email: the id from the confirmation link. */
export const confirmEmailSchema = z.object({ joinFlowId: z.uuid({ error: required }) }).strict();
export type ConfirmEmail = z.output<typeof confirmEmailSchema>;

// ------------------------------------------------------------ cancelling and pausing

/**
 * Why a member stops or pauses: one of the organisation's reasons (or
 * `other`) and their own words. Both are optional on the wire, so clients of
 * the reference product that cancel without a body keep working.
 */
const reasonShape = {
  reason: z.string().trim().min(1).max(CANCELLATION_REASON_MAX_LENGTH).optional(),
  reasonText: z.string().trim().max(CANCELLATION_DETAIL_MAX_LENGTH).optional(),
};

export const cancelContributionSchema = z.object(reasonShape).strict();
export type CancelContribution = z.output<typeof cancelContributionSchema>;

/** POST `/contact/{id}/contribution/pause`: skip the next 1–3 monthly payments (decision 067). */
export const pauseContributionSchema = z
  .object({ months: z.number({ error: required }).int().min(1).max(MAX_PAUSE_MONTHS), ...reasonShape })
  .strict();
export type PauseContribution = z.output<typeof pauseContributionSchema>;
