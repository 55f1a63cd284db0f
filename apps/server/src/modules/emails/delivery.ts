import { EMAIL_MAX_ATTEMPTS } from "@cohort/common/emails";
import type { AppContext } from "../../context.js";
import { postgresPool, type Db } from "../../db/client.js";
import type { OutgoingEmail } from "../../providers/email/index.js";
import { getGeneralContent } from "../content/service.js";
import * as queries from "./queries.js";

/** How often the loop looks for emails that are still unsent. */
export const DELIVERY_INTERVAL_MS = 30_000;
/** Emails one run of the loop tries at most. */
export const DELIVERY_BATCH = 20;
/** Waits before looking again for a new row that a caller's transaction has not committed yet. */
const NOT_VISIBLE_RETRIES_MS = [250, 1_000, 5_000];
const MAX_ERROR_LENGTH = 1_000;

type Outcome = "sent" | "failed" | "none";

/**
 * Per database, in this process: one send at a time, and the background work
 * to wait for on shutdown. One at a time keeps delivery to one database
 * connection; on PGlite it is also what keeps two runs from claiming the same
 * row, because PGlite's one connection cannot hold a row lock while sending.
 */
interface DeliveryState {
  queue: Promise<unknown>;
  pending: Set<Promise<unknown>>;
}
const states = new WeakMap<Db, DeliveryState>();

function stateOf(db: Db): DeliveryState {
  let state = states.get(db);
  if (!state) {
    state = { queue: Promise.resolve(), pending: new Set() };
    states.set(db, state);
  }
  return state;
}

function oneAtATime<T>(state: DeliveryState, work: () => Promise<T>): Promise<T> {
  const result = state.queue.then(work);
  state.queue = result.catch(() => undefined);
  return result;
}

function track(state: DeliveryState, work: Promise<unknown>): void {
  state.pending.add(work);
  void work.finally(() => state.pending.delete(work));
}

/** The configured sender, else the organisation's name at noreply@localhost. */
export async function senderOf(ctx: AppContext): Promise<OutgoingEmail["from"]> {
  if (ctx.config.email.from) return ctx.config.email.from;
  return { name: (await getGeneralContent(ctx)).organisationName, address: "noreply@localhost" };
}

function messageOf(row: queries.OutboxRow, from: OutgoingEmail["from"], appUrl: string): OutgoingEmail {
  return {
    from,
    to: { name: row.toName, address: row.toAddress },
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    messageId: `<${row.id}@${new URL(appUrl).hostname}>`,
    headers: { "X-Cohort-Email-Id": row.id, ...(row.templateId ? { "X-Cohort-Template": row.templateId } : {}) },
  };
}

async function attempt(ctx: AppContext, db: Db, row: queries.OutboxRow, from: OutgoingEmail["from"]): Promise<Outcome> {
  try {
    await ctx.email.send(messageOf(row, from, ctx.config.appUrl));
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    await queries.markEmailFailed(db, row.id, reason);
    ctx.log.warn({ emailId: row.id, attempts: row.attempts, reason }, "email delivery failed");
    return "failed";
  }
  await queries.markEmailSent(db, row.id, ctx.clock.now());
  return "sent";
}

/**
 * Claims one unsent email (a given one, or the oldest not in `excludeIds`)
 * and tries to send it. On PostgreSQL the claim, the send and the result
 * share one transaction, so the row stays locked while it is sent and another
 * server copy skips it.
 */
function deliverOne(
  ctx: AppContext,
  from: OutgoingEmail["from"],
  filter: { id?: string; excludeIds: string[] },
): Promise<{ outcome: Outcome; id?: string }> {
  const claim = { ...filter, maxAttempts: EMAIL_MAX_ATTEMPTS };
  const run = async (db: Db) => {
    const row = await queries.claimUnsentEmail(db, claim);
    return row ? { outcome: await attempt(ctx, db, row, from), id: row.id } : { outcome: "none" as const };
  };
  return oneAtATime(stateOf(ctx.db), () => (postgresPool(ctx.db) ? ctx.db.transaction(run) : run(ctx.db)));
}

/** One run of the loop: tries up to `limit` unsent emails, oldest first, each once. */
export async function deliverPendingEmails(
  ctx: AppContext,
  limit = DELIVERY_BATCH,
): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  if (!ctx.email.delivers) return result;
  const from = await senderOf(ctx);
  const tried: string[] = [];
  while (tried.length < limit) {
    const { outcome, id } = await deliverOne(ctx, from, { excludeIds: tried });
    if (outcome === "none" || !id) break;
    result[outcome]++;
    tried.push(id);
  }
  return result;
}

/**
 * Tries to send one new email in the background, right after it was written.
 * When the row is not visible yet (the caller's transaction has not
 * committed), it looks again a few times; the delivery loop catches anything
 * still unsent later. Errors are logged, never thrown.
 */
export function deliverSoon(ctx: AppContext, id: string): void {
  const state = stateOf(ctx.db);
  const work = (async () => {
    const from = await senderOf(ctx);
    for (const wait of [0, ...NOT_VISIBLE_RETRIES_MS]) {
      if (wait > 0) await ctx.sleep(wait);
      const { outcome } = await deliverOne(ctx, from, { id, excludeIds: [] });
      if (outcome !== "none" || (await queries.outboxEmailExists(ctx.db, id))) return;
    }
  })().catch((error: unknown) => ctx.log.error({ err: error, emailId: id }, "email delivery failed"));
  track(state, work);
}

/** Resolves once the background deliveries of this process on this database have finished. */
export async function settleEmailDeliveries(db: Db): Promise<void> {
  const state = states.get(db);
  while (state && state.pending.size > 0) await Promise.allSettled([...state.pending]);
}

export interface EmailDeliveryLoop {
  /** Stops the loop and waits for the deliveries under way. */
  stop(): Promise<void>;
}

/**
 * Delivers what is still unsent (left from before a restart, or waiting for a
 * retry) now and then every `intervalMs`. Does nothing without a mail server.
 */
export function startEmailDelivery(ctx: AppContext, intervalMs = DELIVERY_INTERVAL_MS): EmailDeliveryLoop {
  if (!ctx.email.delivers) return { stop: () => Promise.resolve() };
  const state = stateOf(ctx.db);
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    const work = deliverPendingEmails(ctx)
      .then((result) => {
        if (result.sent + result.failed > 0) ctx.log.info(result, "email delivery run");
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, "email delivery run failed"))
      .finally(() => {
        running = false;
      });
    track(state, work);
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await settleEmailDeliveries(ctx.db);
    },
  };
}
