import { isUuid } from "@cohort/common/http";
import { recordWebhookChange } from "../activity/service.js";
import type {
  CreateWebhookEndpoint,
  UpdateWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
} from "@cohort/common/webhooks";
import { WEBHOOK_TEST_EVENT } from "@cohort/common/webhooks";
import type { AppContext } from "../../context.js";
import { AppError, notFound } from "../../http/errors.js";
import { invalidField } from "../../http/parse.js";
import { outgoingUrlProblem } from "../../lib/outgoing.js";
import { wakeWorkers } from "../../jobs/queue.js";
import { emitEvent, endpointsChanged, enqueueDelivery } from "./events.js";
import * as queries from "./queries.js";
import { newWebhookSecret } from "./signing.js";

/**
 * An endpoint's address must be https, or http on a host the operator lists in
 * WEBHOOK_HTTP_HOSTS, and must not be an IP address that is private, loopback
 * or link-local (names are checked again on every try, after DNS).
 */
function checkWebhookUrl(ctx: AppContext, url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidField("url", { key: "validation.urlInvalid" }, { code: "invalid-webhook-url" });
  }
  if (parsed.username || parsed.password) {
    throw invalidField("url", { key: "validation.urlInvalid" }, { code: "invalid-webhook-url" });
  }
  const httpAllowed =
    parsed.protocol === "http:" && ctx.config.webhookHttpHosts.includes(parsed.hostname.toLowerCase());
  if (parsed.protocol !== "https:" && !httpAllowed) {
    throw invalidField("url", { key: "validation.webhookUrlHttps" }, { code: "invalid-webhook-url" });
  }
  if (outgoingUrlProblem(url, ctx.config.outgoingAllow)) {
    throw invalidField("url", { key: "validation.webhookUrlNotPublic" }, { code: "invalid-webhook-url" });
  }
}

/**
 * Where events go, whether they carry answers, and the secret that signs them
 * are set by a signed-in person: an API key may read endpoints and deliveries,
 * pause, resume, send again and remove, but not add an endpoint, change its
 * address or answers, or take its secret. Otherwise a key that expires or is
 * revoked could leave itself a feed of every contact and answer, or take over
 * an endpoint a superadmin set up.
 */
function assertSetByPerson(ctx: AppContext): void {
  if (ctx.actor?.apiKeyId) {
    throw new AppError("forbidden", {
      status: 403,
      message: "Webhook endpoints are added and changed by a signed-in admin, not by an API key.",
    });
  }
}

function presentEndpoint(row: queries.EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    includeAnswers: row.includeAnswers,
    status: row.status,
    pausedReason: row.pausedReason ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function findEndpointOr404(ctx: AppContext, id: string): Promise<queries.EndpointRow> {
  const row = isUuid(id) ? await queries.findEndpoint(ctx.db, id) : undefined;
  if (!row) throw notFound("No webhook endpoint with that id");
  return row;
}

export async function listWebhookEndpoints(ctx: AppContext): Promise<WebhookEndpoint[]> {
  return (await queries.listEndpoints(ctx.db)).map(presentEndpoint);
}

export async function getWebhookEndpoint(ctx: AppContext, id: string): Promise<WebhookEndpoint> {
  return presentEndpoint(await findEndpointOr404(ctx, id));
}

/** Adds an endpoint; its signing secret is in the answer and never again. */
export async function createWebhookEndpoint(
  ctx: AppContext,
  input: CreateWebhookEndpoint,
): Promise<WebhookEndpoint & { secret: string }> {
  assertSetByPerson(ctx);
  checkWebhookUrl(ctx, input.url);
  const now = ctx.clock.now();
  const row = await queries.insertEndpoint(ctx.db, {
    id: ctx.newId(),
    url: input.url,
    description: input.description,
    events: input.events,
    includeAnswers: input.includeAnswers,
    secret: newWebhookSecret(),
    createdAt: now,
    updatedAt: now,
  });
  endpointsChanged(ctx);
  await recordWebhookChange(ctx, row.id, null, presentEndpoint(row));
  return { ...presentEndpoint(row), secret: row.secret };
}

export async function updateWebhookEndpoint(
  ctx: AppContext,
  id: string,
  input: UpdateWebhookEndpoint,
): Promise<WebhookEndpoint> {
  if (input.url !== undefined || input.includeAnswers !== undefined) assertSetByPerson(ctx);
  const before = await findEndpointOr404(ctx, id);
  if (input.url !== undefined) checkWebhookUrl(ctx, input.url);
  const { status, ...rest } = input;
  const row = await queries.updateEndpoint(ctx.db, id, {
    ...rest,
    ...(status === "paused" ? { status, pausedReason: "admin" as const } : {}),
    // Resumed: the failures before no longer count towards pausing it again.
    ...(status === "active" ? { status, pausedReason: null, failingSince: null } : {}),
    updatedAt: ctx.clock.now(),
  });
  if (!row) throw notFound("No webhook endpoint with that id");
  endpointsChanged(ctx);
  await recordWebhookChange(ctx, id, presentEndpoint(before), presentEndpoint(row));
  return presentEndpoint(row);
}

/** A new signing secret; the old one stops signing at once. */
export async function rotateWebhookSecret(ctx: AppContext, id: string): Promise<{ secret: string }> {
  assertSetByPerson(ctx);
  const before = await findEndpointOr404(ctx, id);
  const row = await queries.updateEndpoint(ctx.db, id, { secret: newWebhookSecret(), updatedAt: ctx.clock.now() });
  if (!row) throw notFound("No webhook endpoint with that id");
  // The record says that the secret changed, never what it is (`changesOf` hides it).
  await recordWebhookChange(ctx, id, { secret: before.secret }, { secret: row.secret });
  return { secret: row.secret };
}

export async function deleteWebhookEndpoint(ctx: AppContext, id: string): Promise<void> {
  const before = await findEndpointOr404(ctx, id);
  if (!(await queries.deleteEndpoint(ctx.db, id))) throw notFound("No webhook endpoint with that id");
  endpointsChanged(ctx);
  await recordWebhookChange(ctx, id, presentEndpoint(before), null);
}

export async function listWebhookDeliveries(
  ctx: AppContext,
  endpointId: string,
  page: { limit: number; offset: number; order: "ASC" | "DESC" },
): Promise<{ items: WebhookDelivery[]; total: number; offset: number; count: number }> {
  await findEndpointOr404(ctx, endpointId);
  const { items, total } = await queries.listDeliveries(ctx.db, endpointId, page);
  const presented = items.map(({ delivery, eventType }) => ({
    id: delivery.id,
    eventId: delivery.eventId,
    eventType,
    status: delivery.status,
    responseCode: delivery.responseCode,
    attempts: delivery.attempts,
    lastError: delivery.lastError,
    createdAt: delivery.createdAt.toISOString(),
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
  }));
  return { items: presented, total, offset: page.offset, count: presented.length };
}

/** Sends one delivery again from its first try, with the same `webhook-id`. */
export async function resendWebhookDelivery(ctx: AppContext, endpointId: string, deliveryId: string): Promise<void> {
  await findEndpointOr404(ctx, endpointId);
  const now = ctx.clock.now();
  const round = isUuid(deliveryId)
    ? await ctx.db.transaction(async (tx) => {
        const next = await queries.restartDelivery(tx, endpointId, deliveryId);
        if (next !== undefined) await enqueueDelivery({ db: tx, clock: ctx.clock }, deliveryId, next, now);
        return next;
      })
    : undefined;
  if (round === undefined) throw notFound("No delivery with that id");
  wakeWorkers(ctx.db);
}

/** Sends a `webhook.test` event to one endpoint, paused or not. */
export async function sendTestEvent(ctx: AppContext, endpointId: string): Promise<void> {
  const endpoint = await findEndpointOr404(ctx, endpointId);
  await ctx.db.transaction(async (tx) => {
    await emitEvent(
      { ...ctx, db: tx },
      WEBHOOK_TEST_EVENT,
      { endpointId: endpoint.id, message: "A test event sent from Settings → Webhooks" },
      { endpointIds: [endpoint.id] },
    );
  });
  wakeWorkers(ctx.db);
}
