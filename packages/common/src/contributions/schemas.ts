import { z } from "zod";
import { contactSchema, emailSchema, isoDateSchema, localeSchema, passwordSchema } from "../contacts/schemas.js";
import { ruleGroupQuerySchema } from "../filters/grammar.js";
import { paginatedSchema, paginationQuerySchema, withOptionsSchema } from "../http/index.js";
import type { ContributionPeriod, ContributionRules } from "./constants.js";
import {
  MAX_CONTRIBUTION_AMOUNT,
  defaultContributionRules,
  PAYMENT_FLOW_ID_MAX_LENGTH,
  SOURCE_MAX_LENGTH,
  URL_MAX_LENGTH,
  contributionPeriods,
  contributionTypes,
  membershipStatuses,
  paymentMethods,
  paymentSortFields,
  paymentStatuses,
  paymentWithOptions,
} from "./constants.js";
import { hasAtMostTwoDecimals, periodMonths, toMajorUnits, toMinorUnits, tryToMinorUnits } from "./money.js";

/** "This field is required" when the value is missing, zod's own message when it is wrong. */
const required = (issue: { input?: unknown }) => (issue.input === undefined ? "This field is required" : undefined);
const atLeast = (min: number) => `This field must be at least ${min}`;

export const contributionPeriodSchema = z.enum(contributionPeriods, { error: required });
export const contributionTypeSchema = z.enum(contributionTypes);
export const paymentMethodSchema = z.enum(paymentMethods, { error: required });
export const paymentStatusSchema = z.enum(paymentStatuses);
export const membershipStatusSchema = z.enum(membershipStatuses);

/** An amount in major units: a non-negative number with at most two decimals (spec section 5). */
export const amountSchema = z
  .number({ error: required })
  .min(0, { message: atLeast(0) })
  .max(MAX_CONTRIBUTION_AMOUNT, { message: `This field must be at most ${MAX_CONTRIBUTION_AMOUNT}` })
  .refine(hasAtMostTwoDecimals, { message: "Use at most two decimals" });

/** Where a provider or an email sends people back: http(s), with a dotted host name or localhost. */
export const returnUrlSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "URL is required" : "Invalid URL") })
  .trim()
  .min(1, { message: "URL is required" })
  .max(URL_MAX_LENGTH, { message: `Maximum length of ${URL_MAX_LENGTH} characters exceeded` })
  .pipe(
    z.url({ protocol: /^https?$/, hostname: /^(localhost|\[[\da-f:.]+\]|[^.]+(\.[^.]+)+)$/i, message: "Invalid URL" }),
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
      ctx.addIssue({ code: "custom", path: [hasAmount ? "period" : "amount"], message: "This field is required" });
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

// ------------------------------------------------------------ contribution info

const last4 = z.string();

/**
 * How the contribution is paid. Provider details are shown when known; a
 * method whose details could not be read comes as `{ method }` alone.
 * iDEAL setups become SEPA debits once completed.
 */
export const paymentSourceSchema = z.union([
  z.object({
    method: z.literal("s_card"),
    isLink: z.literal(false),
    last4,
    expiryMonth: z.number().int().min(1).max(12),
    expiryYear: z.number().int(),
  }),
  z.object({ method: z.literal("s_card"), isLink: z.literal(true), email: z.string() }),
  z.object({ method: z.literal("s_sepa"), country: z.string(), bankCode: z.string(), branchCode: z.string(), last4 }),
  z.object({ method: z.literal("s_bacs"), sortCode: z.string(), last4 }),
  z.object({ method: z.literal("s_paypal"), payerEmail: z.string(), payerId: z.string() }),
  z.object({
    method: z.literal("gc_direct-debit"),
    bankName: z.string(),
    accountHolderName: z.string(),
    accountNumberEnding: z.string(),
  }),
  z.object({ method: z.null(), source: z.string().optional(), reference: z.string().optional() }),
  z.object({ method: paymentMethodSchema }),
]);
export type PaymentSource = z.output<typeof paymentSourceSchema>;

/**
 * A contact's contribution as GET /contact/{id}/contribution sends it.
 * Amounts are per period in major units with their cents (the reference
 * product rounded them to whole units).
 */
export const contributionInfoSchema = z.object({
  type: contributionTypeSchema,
  amount: z.number().optional(),
  /** A changed amount that takes effect with the next payment. */
  nextAmount: z.number().optional(),
  period: contributionPeriodSchema.optional(),
  payFee: z.boolean().optional(),
  paymentSource: paymentSourceSchema.optional(),
  hasPendingPayment: z.boolean().optional(),
  membershipStatus: membershipStatusSchema,
  /** The member role's expiry, grace period included. */
  membershipExpiryDate: isoDateSchema.optional(),
  cancellationDate: isoDateSchema.optional(),
  renewalDate: isoDateSchema.optional(),
});
export type ContributionInfo = z.output<typeof contributionInfoSchema>;

// ------------------------------------------------------------ payments

/**
 * A payment as the API sends it. Unlike the reference product it carries its
 * `id` (spec section 3), the one GET /payment/{id} takes. `amount` is in major
 * units; `contact` comes with `with=contact` and is null once the contact is deleted.
 */
export const paymentSchema = z.object({
  id: z.uuid(),
  amount: z.number(),
  chargeDate: isoDateSchema,
  status: paymentStatusSchema,
  contact: contactSchema.nullable().optional(),
});
export type Payment = z.output<typeof paymentSchema>;

export const paymentListSchema = paginatedSchema(paymentSchema);
export type PaymentList = z.output<typeof paymentListSchema>;

export const listPaymentsQuerySchema = paginationQuerySchema
  .extend({
    sort: z.enum(paymentSortFields).optional(),
    rules: ruleGroupQuerySchema.optional(),
    with: withOptionsSchema(paymentWithOptions),
    "with[]": withOptionsSchema(paymentWithOptions),
  })
  .strict();
export type ListPaymentsQuery = z.output<typeof listPaymentsQuerySchema>;

/** Query of GET /payment/totals (admins): the same rules as the list. */
export const paymentTotalsQuerySchema = z.object({ rules: ruleGroupQuerySchema.optional() }).strict();
export type PaymentTotalsQuery = z.output<typeof paymentTotalsQuerySchema>;

const statusTotalSchema = z.object({ count: z.number().int(), amount: z.number() });

/** How many payments match, and their count and sum (major units) for each status. */
export const paymentTotalsSchema = z.object({
  total: z.number().int(),
  byStatus: z.object(
    Object.fromEntries(paymentStatuses.map((status) => [status, statusTotalSchema])) as {
      [S in (typeof paymentStatuses)[number]]: typeof statusTotalSchema;
    },
  ),
});
export type PaymentTotals = z.output<typeof paymentTotalsSchema>;

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
