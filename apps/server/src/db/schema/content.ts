import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./contacts.js";

/** Site settings, one JSON document per content id (general, join, …). */
export const content = pgTable("content", {
  id: text().primaryKey(),
  data: jsonb().$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamptz().notNull(),
});
