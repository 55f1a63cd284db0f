import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { contacts, timestamptz } from "./contacts.js";

/**
 * Every email Cohort sends, written here first. Without SMTP this is where
 * they end (admins and tests read them); with SMTP a worker delivers the
 * unsent ones and records the result, so a restart never loses one.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid().primaryKey(),
    /** Which template made it (e.g. `confirm-email`), or null for a one-off. */
    templateId: text(),
    contactId: uuid().references(() => contacts.id, { onDelete: "set null" }),
    toAddress: text().notNull(),
    toName: text().notNull().default(""),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    /** The merge fields used, for the admin's view of what was sent. */
    mergeFields: jsonb().$type<Record<string, string>>().notNull(),
    createdAt: timestamptz().notNull(),
    /** When SMTP accepted it; null while waiting or when there is no SMTP. */
    sentAt: timestamptz(),
    attempts: integer().notNull().default(0),
    lastError: text(),
  },
  (table) => [index("email_outbox_created_idx").on(table.createdAt), index("email_outbox_unsent_idx").on(table.sentAt)],
);

/** An admin's own wording of a built-in email, per locale; the built-in text applies where there is none. */
export const emailTemplates = pgTable(
  "email_templates",
  {
    id: text().notNull(),
    locale: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [primaryKey({ columns: [table.id, table.locale] })],
);
