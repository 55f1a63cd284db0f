import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { ActivityChange, ActivityKind } from "@cohort/common/activity";
import { timestamptz } from "./contacts.js";

/**
 * The record of staff actions (decision 070): one row per change made by an
 * admin or an API key, kept for ACTIVITY_RETENTION_DAYS. Contacts and keys are
 * referenced by id without a foreign key, so an entry outlives them; their
 * names are looked up when the entry is read, never copied into it.
 */
export const activity = pgTable(
  "activity",
  {
    id: uuid().primaryKey(),
    at: timestamptz().notNull(),
    kind: text().$type<ActivityKind>().notNull(),
    actorContactId: uuid(),
    actorApiKeyId: text(),
    /** The contact the action was about. */
    contactId: uuid(),
    /** A callout's slug, a settings section, a key's id. */
    target: text(),
    count: integer(),
    /** At most ACTIVITY_MAX_IDS ids a bulk action touched. */
    ids: jsonb().$type<string[]>().notNull().default([]),
    changes: jsonb().$type<Record<string, ActivityChange>>().notNull().default({}),
  },
  (table) => [
    index("activity_at_idx").on(table.at),
    index("activity_contact_idx").on(table.contactId, table.at),
    index("activity_actor_idx").on(table.actorContactId, table.at),
    index("activity_kind_idx").on(table.kind, table.at),
    // "What happened to this contact" also finds the bulk actions that list them.
    index("activity_ids_idx").using("gin", table.ids),
  ],
);
