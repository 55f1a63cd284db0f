import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./contacts.js";

/**
 * Hits per key in fixed time windows (modules/throttle). Kept in the database
 * so that every server copy counts against the same limits; rows are deleted
 * once `expiresAt` has passed.
 */
export const throttleCounters = pgTable(
  "throttle_counters",
  {
    key: text().notNull(),
    windowStart: timestamptz().notNull(),
    hits: integer().notNull(),
    expiresAt: timestamptz().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index("throttle_counters_expires_idx").on(table.expiresAt),
  ],
);
