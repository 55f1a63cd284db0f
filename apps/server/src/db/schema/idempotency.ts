import { index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./contacts.js";

/**
 * The first answer to a request sent with an `Idempotency-Key`, kept for a
 * while so that a retry with the same key gets it again. Written in the same
 * statement or transaction as what the request created.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** The route and the caller the key belongs to; one client's key never answers another's request. */
    scope: text().notNull(),
    key: text().notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text().notNull(),
    status: integer().notNull(),
    /** The answer's body; null for an empty one. */
    body: jsonb().$type<unknown>(),
    createdAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index("idempotency_keys_expires_idx").on(table.expiresAt),
  ],
);
