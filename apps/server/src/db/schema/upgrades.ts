import { pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./contacts.js";

/**
 * Data upgrades done once per database, beside the SQL migrations: changes to
 * stored documents that need the app's own code (see `src/db/data-upgrades.ts`).
 */
export const dataUpgrades = pgTable("data_upgrades", {
  name: text().primaryKey(),
  appliedAt: timestamptz().notNull(),
});
