import { z } from "zod";
import { contactSchema, isoDateSchema } from "../contacts/schemas.js";
import { ruleGroupQuerySchema } from "../filters/grammar.js";
import { episodeStatusSchema, failureCategorySchema } from "../recovery/index.js";
import { paginatedSchema, paginationQuerySchema, withOptionsSchema } from "../http/index.js";
import { requiredWhenMissing as required } from "../validation/index.js";
import {
  contributionPeriods,
  contributionTypes,
  membershipStatuses,
  paymentKinds,
  paymentMethods,
  paymentSortFields,
  paymentStatuses,
  paymentWithOptions,
} from "./constants.js";

export const contributionPeriodSchema = z.enum(contributionPeriods, { error: required });
export const contributionTypeSchema = z.enum(contributionTypes);
export const paymentMethodSchema = z.enum(paymentMethods, { error: required });
export const paymentStatusSchema = z.enum(paymentStatuses);
export const paymentKindSchema = z.enum(paymentKinds);
export const membershipStatusSchema = z.enum(membershipStatuses);

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
  /** While payments are paused: the day they resume (decision 067). */
  pausedUntil: isoDateSchema.optional(),
  /** Whether a pause can be taken now: a running monthly subscription, not paused. */
  canPause: z.boolean().optional(),
  /** The latest reason given for cancelling or pausing, and the member's own words. */
  cancellationReason: z.string().optional(),
  cancellationReasonText: z.string().optional(),
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
  /** A contribution's payment or a one-time gift (not in the reference product; this server always sends it). */
  kind: paymentKindSchema.optional(),
  contact: contactSchema.nullable().optional(),
  /**
   * For a renewal that failed, why (decision 066): `card-expired`,
   * `insufficient-funds`, `authentication-needed`, `bank-refused` or `other`;
   * and what became of it (`failed`, `retried`, `recovered`, `lapsed`).
   */
  failure: z.object({ category: failureCategorySchema, episode: episodeStatusSchema }).optional(),
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

/** Query of GET /payment.csv (admins): the list's rules and order, every matching payment. */
export const exportPaymentsQuerySchema = listPaymentsQuerySchema
  .pick({ rules: true, sort: true, order: true })
  .strict();
export type ExportPaymentsQuery = z.output<typeof exportPaymentsQuerySchema>;

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
