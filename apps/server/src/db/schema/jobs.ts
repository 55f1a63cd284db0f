import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
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
