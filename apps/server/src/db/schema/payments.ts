import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { PaymentStatus } from "@cohort/common/payments";
import { contacts, timestamptz } from "./contacts.js";

export const payments = pgTable(
  "payments",
  {
    id: uuid().primaryKey(),
    contactId: uuid().references(() => contacts.id, { onDelete: "set null" }),
    /** Which provider reported it: test, stripe, gocardless, manual, sample. */
    provider: text().notNull(),
    providerPaymentId: text().notNull(),
    /** Amount in minor currency units. */
    amount: integer().notNull(),
    currency: text().notNull(),
    status: text().$type<PaymentStatus>().notNull(),
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
