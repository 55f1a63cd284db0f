import { verifySignature } from "gocardless-nodejs/webhooks";
import { z } from "zod";
import type { PaymentStatus } from "@cohort/common/payments";
import { AppError } from "../../http/errors.js";
import { WebhookSignatureError } from "./index.js";
import { malformedEventId } from "./malformed-event.js";

/**
 * GoCardless signs each webhook body with the endpoint's secret: hex HMAC-SHA256 in
 * `Webhook-Signature`. The SDK compares in constant time; its own error becomes ours.
 */
export function verifyGoCardlessSignature(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
): void {
  const header = headers["webhook-signature"] ?? headers["Webhook-Signature"];
  const given = Array.isArray(header) ? header[0] : header;
  if (!given || !/^[0-9a-f]+$/i.test(given)) throw new WebhookSignatureError();
  try {
    verifySignature(rawBody, secret, given);
  } catch {
    throw new WebhookSignatureError();
  }
}

/** One event of a webhook, as much of it as Cohort reads. */
const eventSchema = z.object({
  id: z.string().min(1),
  resource_type: z.string(),
  action: z.string(),
  links: z.record(z.string(), z.string()).default({}),
  created_at: z.string().optional(),
  /** For a failed payment, why (`cause`, e.g. `insufficient_funds`); other keys are not read. */
  details: z.object({ cause: z.string().optional() }).partial().optional().catch(undefined),
});
export type GoCardlessEvent = z.infer<typeof eventSchema>;

const webhookBodySchema = z.object({ events: z.array(z.unknown()).max(250) });

/** One entry of a webhook's `events`: the event, or why it cannot be read and an id to record that under. */
export type GoCardlessWebhookItem =
  { event: GoCardlessEvent } | { event?: undefined; fallbackId: string; problem: string };

/**
 * Reads the `{events: [...]}` body. A body that is not JSON, or not of this
 * shape, is refused (`invalid-json`, `invalid-request`); an event of the batch
 * that is not an event is returned with its problem, so that the others still
 * apply. Its id is its own when it has one, else derived from its content, so
 * that a repeated delivery is recognised.
 */
export function readGoCardlessEvents(rawBody: Buffer): GoCardlessWebhookItem[] {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString("utf8"));
  } catch {
    throw new AppError("invalid-json", { status: 400, message: "The webhook body is not JSON" });
  }
  const parsed = webhookBodySchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError("invalid-request", { status: 400, message: "The webhook body has no events" });
  }
  return parsed.data.events.map((entry) => {
    const event = eventSchema.safeParse(entry);
    if (event.success) return { event: event.data };
    const fallbackId = malformedEventId(entry, "id");
    return { fallbackId, problem: "The event is not a GoCardless event (no id, resource type, action or links)" };
  });
}

/** GoCardless payment statuses in Cohort's terms. */
const paymentStatusMap: Record<string, PaymentStatus> = {
  pending_customer_approval: "draft",
  pending_submission: "pending",
  submitted: "pending",
  confirmed: "successful",
  paid_out: "successful",
  failed: "failed",
  customer_approval_denied: "failed",
  cancelled: "cancelled",
  charged_back: "cancelled",
};

export function mapGoCardlessPaymentStatus(status: string | undefined): PaymentStatus | null {
  return status ? (paymentStatusMap[status] ?? null) : null;
}

/** Mandate actions after which no more payments can be taken. */
export const endedMandateActions: readonly string[] = ["cancelled", "failed", "expired"];

/** A `YYYY-MM-DD` date from GoCardless as midnight UTC. */
export function parseGoCardlessDate(value: string): Date {
  return new Date(`${value.slice(0, 10)}T00:00:00.000Z`);
}

/** A date as GoCardless takes it (`YYYY-MM-DD`, UTC). */
export function formatGoCardlessDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
