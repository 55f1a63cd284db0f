import { z } from "zod";

/** Staff members one callout may notify. */
export const MAX_NOTIFICATION_RECIPIENTS = 50;
/** Alert thresholds one callout may have. */
export const MAX_RESPONSE_THRESHOLDS = 20;
export const MAX_RESPONSE_THRESHOLD = 10_000_000;

export const calloutNotificationRecipientInputSchema = z.object({
  contactId: z.uuid(),
  /** An email for every new response. */
  eachResponse: z.boolean(),
  /** An email when the response count passes a threshold. */
  thresholds: z.boolean(),
  /** One email a day listing the previous day's new responses, if there were any. */
  dailyDigest: z.boolean().default(false),
});

/** `PUT /callout/{id}/notifications`: replaces the callout's recipients and thresholds. */
export const updateCalloutNotificationsSchema = z.object({
  recipients: z.array(calloutNotificationRecipientInputSchema).max(MAX_NOTIFICATION_RECIPIENTS),
  thresholds: z.array(z.number().int().min(1).max(MAX_RESPONSE_THRESHOLD)).max(MAX_RESPONSE_THRESHOLDS),
});
export type UpdateCalloutNotifications = z.infer<typeof updateCalloutNotificationsSchema>;

export const calloutNotificationRecipientSchema = calloutNotificationRecipientInputSchema.extend({
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
});

/** A staff member who may be chosen: an admin, or a reviewer of the callout. */
export const notificationCandidateSchema = z.object({
  contactId: z.uuid(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
});

export const calloutNotificationsSchema = z.object({
  recipients: z.array(calloutNotificationRecipientSchema),
  thresholds: z.array(z.object({ threshold: z.number().int(), reached: z.boolean() })),
  /** Everyone who may be chosen. */
  candidates: z.array(notificationCandidateSchema),
});
export type CalloutNotifications = z.infer<typeof calloutNotificationsSchema>;
