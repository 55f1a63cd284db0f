import { randomUUID } from "node:crypto";
import type { WebhookEventType } from "@cohort/common/webhooks";
import type { AppContext } from "../../context.js";
import { enqueueJob } from "../../jobs/queue.js";
import { orderedId } from "./ordered-id.js";
import * as queries from "./queries.js";

export const DELIVER_JOB = "webhook.deliver";

/** One job per delivery and round, so "send again" is new work while an old try may still be under way. */
export const deliverJobKey = (deliveryId: string, round: number) => `${DELIVER_JOB}:${deliveryId}:${round}`;

/** Adds the job that sends a delivery, due at `at`; the id keeps jobs due together in the order they were made. */
export async function enqueueDelivery(
  ctx: Pick<AppContext, "db" | "clock">,
  deliveryId: string,
  round: number,
  at: Date,
): Promise<void> {
  await enqueueJob(
    ctx.db,
    { clock: ctx.clock, newId: () => orderedId(at) },
    { kind: DELIVER_JOB, payload: { deliveryId, round }, key: deliverJobKey(deliveryId, round), runAt: at },
  );
}

/**
 * Records that something happened, for every active endpoint subscribed to
 * it (decision 069). Call it with the transaction that made the change, where
 * there is one: the event exists exactly when the change does. Sending is
 * left to the queue.
 */
export async function emitEvent(
  ctx: Pick<AppContext, "db" | "clock">,
  type: WebhookEventType | "webhook.test",
  data: Record<string, unknown>,
  options: { endpointIds?: string[] } = {},
): Promise<void> {
  const endpointIds = options.endpointIds ?? (await queries.findSubscribedEndpoints(ctx.db, type)).map(({ id }) => id);
  if (endpointIds.length === 0) return;
  const now = ctx.clock.now();
  const eventId = orderedId(now);
  await queries.insertEvent(ctx.db, { id: eventId, type, data, createdAt: now });
  for (const endpointId of endpointIds) {
    const deliveryId = randomUUID();
    await queries.insertDelivery(ctx.db, { id: deliveryId, endpointId, eventId, createdAt: now, nextAttemptAt: now });
    await enqueueDelivery(ctx, deliveryId, 0, now);
  }
}
