import { WEBHOOK_TEST_EVENT } from "@cohort/common/webhooks";
import type { AppContext } from "../../context.js";
import type { JobHandler } from "../../jobs/queue.js";
import { outgoingFailure, outgoingFor } from "../../lib/outgoing.js";
import { emailAdmins } from "../emails/service.js";
import { DELIVER_JOB, endpointsChanged } from "./events.js";
import * as queries from "./queries.js";
import { signWebhook } from "./signing.js";

/**
 * Waits before each try after the first, as the Standard Webhooks
 * specification suggests: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, about 28
 * hours in all. After the last, the delivery has failed.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];
/** An endpoint failing for this long is paused and the admins are told. */
export const WEBHOOK_PAUSE_AFTER_MS = 3 * 24 * 3_600_000;
/** How long one try may take, from connecting to the end of the answer's headers. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
const MAX_ERROR_LENGTH = 500;

/** The message body: Standard Webhooks' envelope. Answers are left out for endpoints not allowed them. */
export function messageBody(event: queries.EventRow, endpoint: Pick<queries.EndpointRow, "includeAnswers">): string {
  let data = event.data;
  if (!endpoint.includeAnswers && "answers" in data) {
    const { answers: _answers, ...rest } = data;
    data = rest;
  }
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data });
}

interface TryResult {
  ok: boolean;
  responseCode: number | null;
  error: string | null;
}

/**
 * One try: a signed POST that follows no redirect and reaches only addresses the outgoing guard
 * allows. Sent with the guard's plain request rather than `fetch`, so that a backlog sent in a
 * row leaves nothing of each try for a full collection to find (decision 091).
 */
async function sendOnce(ctx: AppContext, endpoint: queries.EndpointRow, event: queries.EventRow): Promise<TryResult> {
  const body = messageBody(event, endpoint);
  const timestamp = Math.floor(ctx.clock.now().getTime() / 1000);
  try {
    const response = await outgoingFor(ctx.config.outgoingAllow).request(
      endpoint.url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "Cohort-Webhooks",
          "webhook-id": event.id,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": signWebhook(endpoint.secret, event.id, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      false,
    );
    // The answer's body is not read: only its status counts.
    await response.body.dump().catch(() => undefined);
    const status = response.statusCode;
    if (status >= 200 && status < 300) return { ok: true, responseCode: status, error: null };
    const error =
      status >= 300 && status < 400 ? `Redirected (${status}); redirects are not followed` : `Answered ${status}`;
    return { ok: false, responseCode: status, error };
  } catch (error) {
    return { ok: false, responseCode: null, error: outgoingFailure(error).slice(0, MAX_ERROR_LENGTH) };
  }
}

/** Tells every admin that an endpoint was paused because it kept failing. */
async function tellAdminsPaused(ctx: AppContext, endpoint: queries.EndpointRow): Promise<void> {
  const link = new URL("/admin/settings/webhooks", ctx.config.appUrl).toString();
  await emailAdmins(ctx, "webhook-endpoint-paused", { ENDPOINTURL: endpoint.url, WEBHOOKSLINK: link });
}

/**
 * Sends one delivery. The queue's claim keeps two server copies from trying
 * it at once; a delivery is tried only while it is pending in the round its
 * job was made for, so one that succeeded is never sent again by a later run.
 */
export const deliverJob: JobHandler = {
  kind: DELIVER_JOB,
  async run(ctx, job) {
    const deliveryId = String(job.payload.deliveryId);
    const round = Number(job.payload.round);
    const found = await queries.findDelivery(ctx.db, deliveryId);
    if (!found || found.delivery.status !== "pending" || found.delivery.round !== round) return;
    const { delivery, endpoint, event } = found;
    const attempts = delivery.attempts + 1;
    if (endpoint.status !== "active" && event.type !== WEBHOOK_TEST_EVENT) {
      await queries.recordAttempt(ctx.db, deliveryId, round, {
        status: "failed",
        lastError: "The endpoint is paused",
        nextAttemptAt: null,
      });
      return;
    }
    const result = await sendOnce(ctx, endpoint, event);
    const now = ctx.clock.now();
    const tried = { attempts, responseCode: result.responseCode, lastError: result.error, lastAttemptAt: now };
    if (result.ok) {
      await queries.recordAttempt(ctx.db, deliveryId, round, { ...tried, status: "succeeded", nextAttemptAt: null });
      await queries.noteEndpointAnswering(ctx.db, endpoint.id);
      return;
    }
    const failingSince = await queries.noteEndpointFailing(ctx.db, endpoint.id, now);
    const delay = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
    if (failingSince && now.getTime() - failingSince.getTime() >= WEBHOOK_PAUSE_AFTER_MS) {
      await queries.recordAttempt(ctx.db, deliveryId, round, { ...tried, status: "failed", nextAttemptAt: null });
      if (await queries.pauseFailingEndpoint(ctx.db, endpoint.id, now)) {
        endpointsChanged(ctx);
        ctx.log.warn({ endpointId: endpoint.id }, "webhook endpoint paused after failing for days");
        await tellAdminsPaused(ctx, endpoint);
      }
      return;
    }
    if (delay === undefined) {
      await queries.recordAttempt(ctx.db, deliveryId, round, { ...tried, status: "failed", nextAttemptAt: null });
      return;
    }
    const rerunAt = new Date(now.getTime() + delay);
    await queries.recordAttempt(ctx.db, deliveryId, round, { ...tried, nextAttemptAt: rerunAt });
    return { rerunAt };
  },
};

export const webhookJobs: readonly JobHandler[] = [deliverJob];
