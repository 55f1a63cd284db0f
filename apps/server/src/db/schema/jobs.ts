import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamptz } from "./contacts.js";

/**
 * One row per scheduled job and period that has run (src/jobs, decision 030).
 * The primary key is the claim: the server copy whose insert creates the row
 * runs the job, in the same transaction, so each period runs once however many
 * copies share the database.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text().notNull(),
    /** Which period the run covers, e.g. the day `2026-11-24`. */
    period: text().notNull(),
    ranAt: timestamptz().notNull(),
  },
  (table) => [primaryKey({ columns: [table.job, table.period] })],
);

/**
 * The persistent work queue (src/jobs/queue.ts, decision 062): one row per
 * piece of work. A worker claims a due row by setting `lockedUntil` (its
 * lease) with `FOR UPDATE SKIP LOCKED`, so two workers never take the same row
 * at once, and a row whose worker died becomes due again when the lease ends.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid().primaryKey(),
    /** Which handler runs it, e.g. `mailing.send`. */
    kind: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Set for work that must exist once (e.g. `mailing.send:<id>`); a second enqueue of it is dropped. */
    key: text(),
    runAt: timestamptz().notNull(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull(),
    lockedUntil: timestamptz(),
    lockedBy: text(),
    lastError: text(),
    createdAt: timestamptz().notNull(),
    doneAt: timestamptz(),
  },
  (table) => [
    uniqueIndex("jobs_key_idx").on(table.key),
    index("jobs_due_idx")
      .on(table.runAt)
      .where(sql`${table.doneAt} IS NULL`),
  ],
);

/**
 * Shared send slots: `nextAt` is the earliest time the next message of a
 * stream (e.g. `email`) may leave, across every server copy.
 */
export const sendRates = pgTable("send_rates", {
  name: text().primaryKey(),
  nextAt: timestamptz().notNull(),
});

/** Secrets the server makes for itself on first use (the unsubscribe links' signing key). */
export const appSecrets = pgTable("app_secrets", {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamptz().notNull(),
});
