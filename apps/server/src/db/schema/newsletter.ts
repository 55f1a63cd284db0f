import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { NewsletterProviderName } from "@cohort/common/newsletter";
import { timestamptz } from "./contacts.js";

/**
 * The newsletter connection (decision 061): one row, id `main`. The API key is
 * written by superadmins and never read back out of the server.
 */
export const newsletterSettings = pgTable("newsletter_settings", {
  id: text().primaryKey(),
  provider: text().$type<NewsletterProviderName>().notNull().default("none"),
  /** Mailchimp: `<key>-<dc>`; listmonk: `<api user>:<token>`. */
  apiKey: text(),
  /** listmonk only: the address of its API (an address people set: decision 054). */
  apiUrl: text(),
  /** Mailchimp audience id or listmonk list id. */
  listId: text().notNull().default(""),
  /** The secret part of the webhook address. */
  webhookSecret: text().notNull(),
  activeMemberTag: text().notNull().default("Active member"),
  lapsedMemberTag: text().notNull().default("Lapsed member"),
  /** Where the pull of changes from a provider without webhooks (listmonk) got to. */
  pulledUntil: timestamptz(),
  updatedAt: timestamptz().notNull(),
});

/**
 * One row per contact whose newsletter copy may differ from Cohort's. Database
 * triggers raise `version` on every change to a contact's address, names,
 * newsletter status or groups, or roles, whichever code made it; the sync
 * sends the contact's state as it is then and records the version it read.
 * The row outlives the contact, so a deletion reaches the provider too.
 */
export const newsletterSync = pgTable(
  "newsletter_sync",
  {
    contactId: uuid().primaryKey(),
    version: bigint({ mode: "number" }).notNull().default(1),
    syncedVersion: bigint({ mode: "number" }).notNull().default(0),
    /** The address the provider knows the contact by; null until first sent. */
    providerEmail: text(),
    attempts: integer().notNull().default(0),
    /** After a failure, not before this time. */
    retryAt: timestamptz(),
    /** When the contact's membership starts or ends next, which changes their tags. */
    recheckAt: timestamptz(),
    /** A sync under way holds the row until then. */
    leaseUntil: timestamptz(),
    lastError: text(),
  },
  (table) => [
    index("newsletter_sync_due_idx")
      .on(table.retryAt)
      .where(sql`${table.version} > ${table.syncedVersion}`),
    index("newsletter_sync_recheck_idx").on(table.recheckAt),
  ],
);

/** Full reconciliations with the provider, newest last; the settings page shows the latest. */
export const newsletterReconciliations = pgTable(
  "newsletter_reconciliations",
  {
    id: uuid().primaryKey(),
    status: text().$type<"running" | "done" | "failed">().notNull(),
    startedAt: timestamptz().notNull(),
    finishedAt: timestamptz(),
    total: integer().notNull().default(0),
    done: integer().notNull().default(0),
    /** Contacts whose copy at the provider differed and was sent again. */
    differed: integer().notNull().default(0),
    /** Contacts the provider refused. */
    failed: integer().notNull().default(0),
    error: text(),
    /** The server copy running it writes this at every page; one silent for long has died (decision 065). */
    heartbeatAt: timestamptz(),
  },
  // One running at a time, whichever server copy starts it.
  (table) => [
    uniqueIndex("newsletter_reconciliations_one_running")
      .on(table.status)
      .where(sql`${table.status} = 'running'`),
  ],
);

/**
 * The provider's list as a reconciliation read it: one fingerprint per address, kept in the
 * database rather than in memory so that a list of any size costs the server the same.
 */
export const newsletterRemoteMembers = pgTable(
  "newsletter_remote_members",
  {
    reconciliationId: uuid().notNull(),
    email: text().notNull(),
    fingerprint: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.reconciliationId, table.email] })],
);
