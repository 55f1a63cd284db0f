import type { Attribution } from "@cohort/common/attribution";
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Locale } from "@cohort/common/i18n";
import type { PaymentKind, PaymentStatus } from "@cohort/common/payments";
import { contacts, timestamptz } from "./contacts.js";

export const payments = pgTable(
  "payments",
  {
    id: uuid().primaryKey(),
    contactId: uuid().references(() => contacts.id, { onDelete: "set null" }),
    /** Which provider reported it: test, stripe, gocardless, manual, sample. */
    provider: text().notNull(),
    providerPaymentId: text().notNull(),
    /** Amount in minor currency units: what was charged less what was refunded. */
    amount: integer().notNull(),
    /** All refunded so far, in minor units (the largest running total a refund event reported). */
    amountRefunded: integer().notNull().default(0),
    currency: text().notNull(),
    status: text().$type<PaymentStatus>().notNull(),
    /** A contribution's payment or a one-time gift (decision 068). */
    kind: text().$type<PaymentKind>().notNull().default("contribution"),
    chargeDate: timestamptz().notNull(),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [
    uniqueIndex("payments_provider_key").on(table.provider, table.providerPaymentId),
    index("payments_contact_idx").on(table.contactId),
    index("payments_charge_date_idx").on(table.chargeDate),
  ],
);

/** What a person chose before going to the payment provider: amount (minor units), period and method. */
export interface ContributionForm {
  amount: number;
  period: "monthly" | "annually";
  payFee: boolean;
  prorate: boolean;
  paymentMethod: string;
}

/** Who a one-time gift is from, as the gift form named them (decision 068). */
export interface GiftGiver {
  email: string;
  firstname: string;
  lastname: string;
  locale: Locale | null;
}

/**
 * One trip to a payment provider to set up a mandate or card: for joining,
 * for starting or changing a contribution, or for a new payment method.
 * The provider's own id for it (setup intent, redirect flow, test checkout)
 * comes back as `paymentFlowId` when the person returns.
 */
export const paymentFlows = pgTable(
  "payment_flows",
  {
    id: uuid().primaryKey(),
    provider: text().notNull(),
    providerFlowId: text().notNull(),
    purpose: text().$type<"join" | "contribution" | "payment-method" | "gift">().notNull(),
    contactId: uuid().references(() => contacts.id, { onDelete: "cascade" }),
    form: jsonb().$type<ContributionForm>().notNull(),
    completeUrl: text().notNull(),
    /** A one-time gift's giver, as the form named them; null for every other purpose. */
    giver: jsonb().$type<GiftGiver | null>(),
    createdAt: timestamptz().notNull(),
    completedAt: timestamptz(),
  },
  (table) => [uniqueIndex("payment_flows_provider_flow_key").on(table.provider, table.providerFlowId)],
);

/** A visitor's join form until they confirm their email; then it becomes (or updates) a contact. */
export const joinFlows = pgTable(
  "join_flows",
  {
    id: uuid().primaryKey(),
    email: text().notNull(),
    passwordHash: text(),
    firstname: text().notNull().default(""),
    lastname: text().notNull().default(""),
    vatNumber: text(),
    /** Null for a free membership. */
    contribution: jsonb().$type<ContributionForm | null>(),
    paymentFlowId: uuid().references(() => paymentFlows.id, { onDelete: "set null" }),
    loginUrl: text().notNull(),
    setPasswordUrl: text().notNull(),
    confirmUrl: text().notNull(),
    /** The language of the page the person joined on (a `Locale`); their emails use it. */
    locale: text().$type<Locale>(),
    /** The campaign fields sent with the join, kept until the contact is made (decision 074). */
    attribution: jsonb().$type<Attribution | null>(),
    createdAt: timestamptz().notNull(),
    confirmedAt: timestamptz(),
  },
  (table) => [index("join_flows_email_idx").on(table.email)],
);

/**
 * Provider events already applied (webhooks), so a repeated or late delivery
 * is recognised and changes nothing, on whichever server copy receives it.
 */
export const providerEvents = pgTable(
  "provider_events",
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    /** The payment a payment or refund event is about, so a refund that comes first is applied with it. */
    providerPaymentId: text(),
    receivedAt: timestamptz().notNull(),
    payload: jsonb().$type<unknown>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventId] }),
    index("provider_events_payment_idx").on(table.provider, table.providerPaymentId),
  ],
);
