import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { contacts, timestamptz } from "./contacts.js";

/**
 * One row per logged-in browser; the cookie holds a token whose SHA-256 is the
 * id. The id never leaves the server: the person's list of where they are
 * logged in names a session by `ref` (decision 051).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    ref: uuid().notNull().defaultRandom().unique(),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    createdAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
    /** The browser's User-Agent at login, cut to `SESSION_USER_AGENT_MAX`. */
    userAgent: text(),
    /** The client address at login. */
    address: text(),
    /** When the session last authenticated a request; written at most once a minute. */
    lastUsedAt: timestamptz(),
  },
  (table) => [index("sessions_contact_idx").on(table.contactId), index("sessions_expires_idx").on(table.expiresAt)],
);

/** Failed logins per account or per address, to slow down guessing. */
export const loginThrottle = pgTable("login_throttle", {
  key: text().primaryKey(),
  failures: integer().notNull(),
  lastFailureAt: timestamptz().notNull(),
});

export const apiKeys = pgTable("api_keys", {
  /** The public 16-hex prefix of the token. */
  id: text().primaryKey(),
  /** SHA-256 (hex) of the secret part of the token. */
  secretHash: text().notNull(),
  description: text().notNull(),
  expires: timestamptz(),
  creatorId: uuid().references(() => contacts.id, { onDelete: "set null" }),
  createdAt: timestamptz().notNull(),
  /** When the key last authenticated a request; written at most once a minute. */
  lastUsed: timestamptz(),
});

/** One-time links that let the first admin be created. */
export const setupTokens = pgTable("setup_tokens", {
  tokenHash: text().primaryKey(),
  createdAt: timestamptz().notNull(),
  expiresAt: timestamptz().notNull(),
});

/**
 * A single-use link, valid for a day, that lets someone set a new password,
 * remove their second factor, or confirm a new email address (`newEmail`);
 * or (`payment`) update the payment method of a failed renewal without
 * logging in, valid until its grace period ends (decision 066).
 */
export const resetFlows = pgTable(
  "reset_flows",
  {
    id: uuid().primaryKey(),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    type: text().$type<"password" | "totp" | "email" | "payment">().notNull(),
    /** The address an `email` link confirms; null for the other kinds. */
    newEmail: text(),
    createdAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
  },
  (table) => [index("reset_flows_contact_idx").on(table.contactId)],
);
