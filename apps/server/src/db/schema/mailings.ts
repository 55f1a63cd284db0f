import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import type {
  MailingKind,
  MailingRecipients,
  MailingStatus,
  MailingVersions,
  RecipientStatus,
} from "@cohort/common/mailings";
import { contacts, timestamptz } from "./contacts.js";

/** An email an admin wrote to many contacts (decision 062). */
export const mailings = pgTable(
  "mailings",
  {
    id: uuid().primaryKey(),
    kind: text().$type<MailingKind>().notNull(),
    status: text().$type<MailingStatus>().notNull(),
    recipients: jsonb().$type<MailingRecipients>().notNull(),
    versions: jsonb().$type<MailingVersions>().notNull(),
    createdBy: uuid().references(() => contacts.id, { onDelete: "set null" }),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
    scheduledAt: timestamptz(),
    startedAt: timestamptz(),
    finishedAt: timestamptz(),
  },
  (table) => [index("mailings_created_idx").on(table.createdAt)],
);

/**
 * One row per recipient of a mailing, written when sending starts. The row is
 * the claim: a sender sets `sending` (committed) before it speaks to the mail
 * server, and nothing ever takes a `sending` row again, so nobody gets it twice.
 */
export const mailingRecipients = pgTable(
  "mailing_recipients",
  {
    mailingId: uuid()
      .notNull()
      .references(() => mailings.id, { onDelete: "cascade" }),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    email: text().notNull(),
    status: text().$type<RecipientStatus>().notNull(),
    /** The mail server's answer for a failure, or why it was skipped. */
    reason: text(),
    attempts: integer().notNull().default(0),
    /** A queued row waits until then (a retry after a temporary failure). */
    nextAttemptAt: timestamptz().notNull(),
    claimedAt: timestamptz(),
    /**
     * Set, and committed, just before the message goes to the mail server: a recipient left
     * `sending` without it never reached the server and is sent again; with it, it may have
     * arrived and becomes `unknown` (decision 065). Cleared by each new claim.
     */
    handedOverAt: timestamptz(),
    /** Sent again after a server copy died before handing it over. */
    resent: boolean().notNull().default(false),
    sentAt: timestamptz(),
  },
  (table) => [
    primaryKey({ columns: [table.mailingId, table.contactId] }),
    index("mailing_recipients_queued_idx")
      .on(table.mailingId, table.nextAttemptAt)
      .where(sql`${table.status} = 'queued'`),
    index("mailing_recipients_contact_idx").on(table.contactId),
  ],
);
