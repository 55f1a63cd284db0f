import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { EpisodeStatus, FailureCategory } from "@cohort/common/recovery";
import { contacts, timestamptz } from "./contacts.js";
import { resetFlows } from "./auth.js";

/**
 * One failed renewal and what became of it (decision 066): opened by the first
 * failure the provider reports for a payment, kept by its retries, ended by a
 * success (`recovered`) or by the grace period running out or the provider
 * giving up (`lapsed`). One row per provider payment, so repeated and
 * reordered events land on the same episode.
 */
export const paymentEpisodes = pgTable(
  "payment_episodes",
  {
    id: uuid().primaryKey(),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    providerPaymentId: text().notNull(),
    status: text().$type<EpisodeStatus>().notNull(),
    category: text().$type<FailureCategory>().notNull(),
    /** The provider's own decline code or failure cause (at most 100 characters), for staff. */
    reason: text(),
    /** When the provider reported the kept reason: a later report's reason replaces it, an earlier one does not. */
    reasonAt: timestamptz(),
    /** The failed payment, in minor units, and what it is worth a month (annual contributions / 12). */
    amount: integer().notNull(),
    monthlyAmount: integer().notNull(),
    currency: text().notNull(),
    /** The highest attempt count the provider reported; the category and next attempt come with it. */
    attempts: integer().notNull().default(1),
    nextAttemptAt: timestamptz(),
    /** The charge date of the failed payment; the grace period counts from it. */
    startedAt: timestamptz().notNull(),
    graceUntil: timestamptz().notNull(),
    endedAt: timestamptz(),
    /** When the payer was told it failed (never, when a later payment had already settled it). */
    toldAt: timestamptz(),
    reminderSentAt: timestamptz(),
    /** The update-payment link sent with the first email; used up when the person sets up a new method. */
    linkId: uuid().references(() => resetFlows.id, { onDelete: "set null" }),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [
    uniqueIndex("payment_episodes_payment_key").on(table.provider, table.providerPaymentId),
    index("payment_episodes_contact_idx").on(table.contactId),
    index("payment_episodes_status_idx").on(table.status),
  ],
);
