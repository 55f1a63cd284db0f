import { z } from "zod";
import { isoDateSchema } from "../contacts/schemas.js";
import { contributionPeriods } from "../payments/constants.js";

/**
 * Signed webhooks out (decision 069): the events an admin may subscribe an
 * endpoint to. The names are part of the wire contract: never rename one.
 */
export const webhookEventTypes = [
  "contact.created",
  "contact.updated",
  "contact.deleted",
  "membership.started",
  "membership.ended",
  "contribution.created",
  "contribution.changed",
  "contribution.cancelled",
  "payment.succeeded",
  "payment.failed",
  "payment.refunded",
  "callout_response.created",
  "callout_response.updated",
  "callout.published",
  "callout.ended",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The event "send a test event" sends; nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const WEBHOOK_URL_MAX_LENGTH = 2_000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;

const eventsSchema = z
  .array(z.enum(webhookEventTypes))
  .min(1, { message: "Choose at least one event" })
  .max(webhookEventTypes.length)
  .refine((events) => new Set(events).size === events.length, { message: "Each event once" });

/** The address is checked further by the server: https, or http for the hosts the operator allows. */
const urlSchema = z.string().trim().min(1, { message: "This field is required" }).max(WEBHOOK_URL_MAX_LENGTH);

export const createWebhookEndpointSchema = z
  .object({
    url: urlSchema,
    description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX_LENGTH).default(""),
    events: eventsSchema,
    /** Whether callout response events carry the answers. */
    includeAnswers: z.boolean().default(false),
  })
  .strict();
export type CreateWebhookEndpoint = z.infer<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z
  .object({
    url: urlSchema,
    description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX_LENGTH),
    events: eventsSchema,
    includeAnswers: z.boolean(),
    /** `paused`: nothing is sent until it is active again. */
    status: z.enum(["active", "paused"]),
  })
  .partial()
  .strict();
export type UpdateWebhookEndpoint = z.infer<typeof updateWebhookEndpointSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  includeAnswers: z.boolean(),
  status: z.enum(["active", "paused"]),
  /** Why it is paused: by an admin, or by the server after it failed for days. */
  pausedReason: z.enum(["admin", "failing"]).nullable(),
  /** Since when every delivery has failed; null while it answers. */
  failingSince: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The signing secret is shown once: when the endpoint is created and when it is rotated. */
export const webhookSecretSchema = z.object({ secret: z.string() });
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });

export const webhookDeliveryStatuses = ["pending", "succeeded", "failed"] as const;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The event's id: the `webhook-id` header, the same on every try. */
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  /** The HTTP status of the last answer; null when none came. */
  responseCode: z.number().int().nullable(),
  attempts: z.number().int(),
  /** Why the last try failed, when it did. */
  lastError: z.string().nullable(),
  createdAt: isoDateSchema,
  lastAttemptAt: isoDateSchema.nullable(),
  nextAttemptAt: isoDateSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const nullableDate = isoDateSchema.nullable();
const contactData = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  joined: isoDateSchema,
});
const contributionData = z.object({
  contactId: z.string(),
  type: z.literal("Automatic"),
  amount: z.number(),
  period: z.enum(contributionPeriods),
  payFee: z.boolean(),
  /** When the amount applies: now, or from the next payment. */
  startsOn: isoDateSchema,
});
const paymentData = z.object({
  id: z.string(),
  contactId: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  chargeDate: isoDateSchema,
});
const responseData = z.object({
  id: z.string(),
  calloutId: z.string(),
  calloutSlug: z.string(),
  contactId: z.string().nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
  /** Only to endpoints an admin allowed to receive answers. */
  answers: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
});
const calloutData = z.object({ id: z.string(), slug: z.string(), starts: nullableDate, expires: nullableDate });

/**
 * The `data` of each event: the stable JSON a receiver may rely on. Fields
 * are only ever added. Every message is `{ type, timestamp, data }`.
 */
export const webhookDataSchemas = {
  "contact.created": contactData,
  "contact.updated": contactData,
  "contact.deleted": z.object({ id: z.string() }),
  "membership.started": z.object({ contactId: z.string(), dateAdded: isoDateSchema, dateExpires: nullableDate }),
  "membership.ended": z.object({ contactId: z.string(), dateExpires: nullableDate }),
  "contribution.created": contributionData,
  "contribution.changed": contributionData,
  "contribution.cancelled": z.object({
    contactId: z.string(),
    cancelledAt: isoDateSchema,
    /** The end of the time already paid for, when the membership ends. */
    membershipExpires: nullableDate,
  }),
  "payment.succeeded": paymentData,
  "payment.failed": paymentData,
  "payment.refunded": z.object({
    id: z.string(),
    contactId: z.string().nullable(),
    amountRefunded: z.number(),
    currency: z.string(),
  }),
  "callout_response.created": responseData,
  "callout_response.updated": responseData,
  "callout.published": calloutData,
  "callout.ended": calloutData,
} satisfies Record<WebhookEventType, z.ZodType>;

/** The whole message of an event, as sent. */
export function webhookMessageSchema(type: string, data: z.ZodType) {
  return z.object({ type: z.literal(type), timestamp: isoDateSchema, data });
}
