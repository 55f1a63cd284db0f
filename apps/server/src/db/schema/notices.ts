import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestamptz } from "./contacts.js";

/** Messages admins show to members on their home page between two dates. */
export const notices = pgTable(
  "notices",
  {
    id: uuid().primaryKey(),
    name: text().notNull(),
    /** Sanitised HTML. */
    text: text().notNull(),
    buttonText: text(),
    url: text(),
    /** No start date: a draft. */
    starts: timestamptz(),
    expires: timestamptz(),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [index("notices_starts_expires_idx").on(table.starts, table.expires)],
);
