import { z } from "zod";
import { isoDateSchema } from "../contacts/schemas.js";
import { paymentMethods } from "../payments/constants.js";

/**
 * Why a renewal could not be collected, grouped from the provider's own
 * decline code or failure cause into what the member can do about it
 * (decision 066).
 */
export const failureCategories = [
  "card-expired",
  "insufficient-funds",
  "authentication-needed",
  "bank-refused",
  "other",
] as const;
export type FailureCategory = (typeof failureCategories)[number];
export const failureCategorySchema = z.enum(failureCategories);

/**
 * Where an episode of a failed renewal stands: `failed` (told, waiting for
 * the provider's retry), `retried` (the provider tried again and it failed
 * again), `recovered` (a payment went through) and `lapsed` (the grace period
 * ended, or the provider gave up, without a payment).
 */
export const episodeStatuses = ["failed", "retried", "recovered", "lapsed"] as const;
export type EpisodeStatus = (typeof episodeStatuses)[number];
export const episodeStatusSchema = z.enum(episodeStatuses);

/** An episode is open while the provider may still collect the payment. */
export const openEpisodeStatuses = ["failed", "retried"] as const satisfies readonly EpisodeStatus[];
export function isOpenEpisode(status: EpisodeStatus): boolean {
  return (openEpisodeStatuses as readonly EpisodeStatus[]).includes(status);
}

/** One failed renewal and what became of it, as members and staff see it. Amounts in major units. */
export const paymentEpisodeSchema = z.object({
  id: z.uuid(),
  status: episodeStatusSchema,
  category: failureCategorySchema,
  amount: z.number(),
  currency: z.string(),
  /** How many times the provider tried to collect it, the first attempt included. */
  attempts: z.number().int().min(1),
  startedAt: isoDateSchema,
  /** The membership stays active until then while the payment is retried. */
  graceUntil: isoDateSchema,
  /** The provider's next attempt, when it has said. */
  nextAttemptAt: isoDateSchema.nullable(),
  endedAt: isoDateSchema.nullable(),
});
export type PaymentEpisode = z.output<typeof paymentEpisodeSchema>;

export const paymentEpisodeListSchema = z.object({ items: z.array(paymentEpisodeSchema) });
export type PaymentEpisodeList = z.output<typeof paymentEpisodeListSchema>;

/**
 * What the page behind an update-payment link shows, without logging in:
 * whose renewal failed (first name only), why, and the payment method on
 * file, so the person can set up another.
 */
export const paymentUpdateLinkSchema = z.object({
  firstname: z.string(),
  episode: paymentEpisodeSchema,
  paymentMethod: z.enum(paymentMethods).nullable(),
});
export type PaymentUpdateLink = z.output<typeof paymentUpdateLinkSchema>;

/** One month of recovered and lost recurring revenue (monthly amounts, major units). */
export const recoveryMonthSchema = z.object({
  month: z.string(),
  recovered: z.number(),
  recoveredCount: z.number().int().min(0),
  lost: z.number(),
  lostCount: z.number().int().min(0),
});
export type RecoveryMonth = z.output<typeof recoveryMonthSchema>;

export const recoveryStatsSchema = z.object({ months: z.array(recoveryMonthSchema) });
export type RecoveryStats = z.output<typeof recoveryStatsSchema>;

export { DEFAULT_GRACE_DAYS, MAX_GRACE_DAYS, MIN_GRACE_DAYS } from "./constants.js";
