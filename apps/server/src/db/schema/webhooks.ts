import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { WebhookEventType } from "@cohort/common/webhooks";
import { timestamptz } from "./contacts.js";

/**
 * Where signed webhooks go (decision 069). The signing secret is kept as it is
 * (the server signs with it) and shown to an admin only when it is made.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid().primaryKey(),
  url: text().notNull(),
  description: text().notNull().default(""),
  events: jsonb().$type<WebhookEventType[]>().notNull(),
  /** Whether callout response events carry the answers. */
  includeAnswers: boolean().notNull().default(false),
  /** `whsec_` and the base64 key, as the Standard Webhooks libraries read it. */
  secret: text().notNull(),
  status: text().$type<"active" | "paused">().notNull().default("active"),
  pausedReason: text().$type<"admin" | "failing">(),
  /** Since when every try has failed; cleared by the next success. */
  failingSince: timestamptz(),
  createdAt: timestamptz().notNull(),
  updatedAt: timestamptz().notNull(),
});

/** What happened, once, whichever endpoints it goes to. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid().primaryKey(),
    type: text().notNull(),
    /** `data` of the message; the answers of a response are in it, and left out for endpoints not allowed them. */
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [index("webhook_events_created_idx").on(table.createdAt)],
);

/** One event for one endpoint: its tries and how the last one went. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid().primaryKey(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: uuid()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    status: text().$type<"pending" | "succeeded" | "failed">().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    responseCode: integer(),
    lastError: text(),
    createdAt: timestamptz().notNull(),
    lastAttemptAt: timestamptz(),
    nextAttemptAt: timestamptz(),
    /** Raised by "send again", so the new try is a job of its own. */
    round: integer().notNull().default(0),
  },
  (table) => [
    uniqueIndex("webhook_deliveries_event_endpoint_idx").on(table.eventId, table.endpointId),
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.createdAt),
    index("webhook_deliveries_pending_idx")
      .on(table.endpointId)
      .where(sql`${table.status} = 'pending'`),
  ],
);
