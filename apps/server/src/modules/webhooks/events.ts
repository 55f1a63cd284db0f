import { randomUUID } from "node:crypto";
import type { WebhookEventType } from "@cohort/common/webhooks";
import type { AppContext } from "../../context.js";
import { enqueueJob } from "../../jobs/queue.js";
import { invalidateCaches, readCache } from "../../lib/read-cache.js";
import type { SQL } from "drizzle-orm";
import { orderedId, orderedRun } from "./ordered-id.js";
import * as queries from "./queries.js";

export const DELIVER_JOB = "webhook.deliver";

/**
 * One job per delivery and round, so "send again" is new work while an old try may still be under
 * way. Statements over many deliveries build the same key in SQL (`deliverJobKeySql` in queries.ts).
 */
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

/** How long a server copy uses its list of active endpoints; a change to them empties it at once. */
const ENDPOINTS_CACHE_MS = 60_000;

/**
 * The active endpoints subscribed to an event. Kept in memory (decision 037),
 * so that an event nobody listens to, the usual case, costs no query.
 */
async function subscribedEndpointIds(ctx: Pick<AppContext, "db" | "clock">, type: string): Promise<string[]> {
  const now = ctx.clock.now().getTime();
  const endpoints = await readCache<{ id: string; events: string[] }[]>(ctx.db, "webhooks", "webhook-endpoints").get(
    "active",
    now,
    async () => ({ value: await queries.listActiveEndpoints(ctx.db), until: now + ENDPOINTS_CACHE_MS }),
  );
  return endpoints.filter((endpoint) => endpoint.events.includes(type)).map(({ id }) => id);
}

/** Empties this copy's list of active endpoints after a change to them. */
export function endpointsChanged(ctx: Pick<AppContext, "db">): void {
  invalidateCaches(ctx.db, "webhooks");
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
  let endpointIds = options.endpointIds ?? (await subscribedEndpointIds(ctx, type));
  if (endpointIds.length === 0) return;
  // Another copy's list may be a moment old: only endpoints still active get the event.
  if (!options.endpointIds) endpointIds = await queries.holdActiveEndpoints(ctx.db, endpointIds);
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

/**
 * `emitEvent` for many things at once (a bulk change, an import): one event
 * per row of `source`, a SELECT of one jsonb column named `data`, written with
 * its deliveries and their jobs by one statement in the caller's transaction,
 * whatever the number of rows. Nobody listening costs no query.
 */
export async function emitEvents(
  ctx: Pick<AppContext, "db" | "clock">,
  type: WebhookEventType,
  source: SQL,
): Promise<void> {
  let endpointIds = await subscribedEndpointIds(ctx, type);
  if (endpointIds.length === 0) return;
  endpointIds = await queries.holdActiveEndpoints(ctx.db, endpointIds);
  if (endpointIds.length === 0) return;
  const now = ctx.clock.now();
  const run = orderedRun(now);
  const made = await queries.insertEventsFrom(ctx.db, {
    type,
    source,
    endpointIds,
    now,
    jobKind: DELIVER_JOB,
    ids: run,
  });
  run.made(made);
}
