import { integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { RuleGroup } from "@cohort/common/filters";
import { timestamptz } from "./contacts.js";

/** Saved contact filters, shown to admins in their chosen order. */
export const segments = pgTable("segments", {
  id: uuid().primaryKey(),
  name: text().notNull(),
  description: text().notNull().default(""),
  /** Checked against the contact filter fields before it is stored. */
  ruleGroup: jsonb().$type<RuleGroup>().notNull(),
  order: integer().notNull(),
  createdAt: timestamptz().notNull(),
});
