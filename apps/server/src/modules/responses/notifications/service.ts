import type { CalloutNotifications, UpdateCalloutNotifications } from "@cohort/common/callouts";
import type { AppContext } from "../../../context.js";
import type { Db } from "../../../db/client.js";
import { AppError, fieldError } from "../../../http/errors.js";
import { sendEmail } from "../../emails/service.js";
import * as queries from "./queries.js";
import { findCallout } from "../service.js";

/**
 * How long a server copy keeps a callout's notification settings. Like the
 * callout cache, a busy callout is read once a second at most; a change made
 * through another copy applies within that second.
 */
export const NOTIFICATION_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 1000;

interface Plan {
  title: string;
  eachResponse: queries.RecipientRow[];
  thresholdRecipients: queries.RecipientRow[];
  /** The lowest threshold not reached yet, if any. */
  nextThreshold: number | undefined;
}

interface Entry {
  plan: Plan;
  expiresAt: number;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** One statement, then nothing for a second: the whole cost on the answering path when no one is notified. */
async function planFor(ctx: AppContext, calloutId: string): Promise<Plan | undefined> {
  const cache = cacheOf(ctx.db);
  const cached = cache.get(calloutId);
  if (cached && cached.expiresAt > performance.now()) return cached.plan;
  const row = await queries.findNotificationPlan(ctx.db, calloutId, ctx.clock.now());
  if (!row) return undefined;
  const recipients = row.recipients ?? [];
  const plan: Plan = {
    title: row.title ?? "",
    eachResponse: recipients.filter((recipient) => recipient.eachResponse),
    thresholdRecipients: recipients.filter((recipient) => recipient.thresholds),
    nextThreshold: row.thresholds && row.thresholds.length > 0 ? Math.min(...row.thresholds) : undefined,
  };
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(calloutId, { plan, expiresAt: performance.now() + NOTIFICATION_CACHE_TTL_MS });
  return plan;
}

function forgetPlan(ctx: AppContext, calloutId: string): void {
  cacheOf(ctx.db).delete(calloutId);
}

const inboxLink = (ctx: AppContext, calloutId: string) =>
  `${ctx.config.appUrl}/admin/callouts/view/${calloutId}/responses`;

/**
 * Emails the chosen staff about a new response: each one who asked for every
 * response gets its number and a link (never its answers, which may be
 * admin-only), and when the response number passes a threshold, the
 * threshold's recipients get one alert. Each email goes to the outbox in
 * its recipient's own locale.
 */
export async function notifyStaff(
  ctx: AppContext,
  callout: { id: string },
  response: { id: string; number: number },
): Promise<void> {
  const plan = await planFor(ctx, callout.id);
  if (!plan) return;
  for (const recipient of plan.eachResponse) {
    await sendEmail(ctx, {
      templateId: "callout-response-notice",
      to: { email: recipient.email },
      contactId: recipient.contactId,
      mergeFields: {
        FNAME: recipient.firstname,
        LNAME: recipient.lastname,
        CALLOUTTITLE: plan.title,
        RESPONSENUMBER: response.number,
        RESPONSELINK: `${inboxLink(ctx, callout.id)}/${response.id}`,
      },
    });
  }
  // The cached plan may lag a second behind; the update below decides.
  if (plan.nextThreshold === undefined || response.number < plan.nextThreshold) return;
  await ctx.db.transaction(async (tx) => {
    const reached = await queries.reachThresholds(tx, callout.id, response.number, ctx.clock.now());
    forgetPlan(ctx, callout.id);
    if (reached.length === 0) return;
    const threshold = Math.max(...reached);
    for (const recipient of plan.thresholdRecipients) {
      await sendEmail(
        ctx,
        {
          templateId: "callout-response-threshold",
          to: { email: recipient.email },
          contactId: recipient.contactId,
          mergeFields: {
            FNAME: recipient.firstname,
            LNAME: recipient.lastname,
            CALLOUTTITLE: plan.title,
            THRESHOLD: threshold,
            RESPONSESLINK: inboxLink(ctx, callout.id),
          },
        },
        { db: tx },
      );
    }
  });
}

async function present(ctx: AppContext, calloutId: string): Promise<CalloutNotifications> {
  const [recipients, thresholds, candidates] = await Promise.all([
    queries.listRecipients(ctx.db, calloutId),
    queries.listThresholds(ctx.db, calloutId),
    queries.listStaff(ctx.db, calloutId, ctx.clock.now()),
  ]);
  return {
    recipients,
    thresholds: thresholds.map((row) => ({ threshold: row.threshold, reached: row.reachedAt !== null })),
    candidates,
  };
}

/** `GET /callout/{id}/notifications` (admins). */
export async function getNotifications(ctx: AppContext, idOrSlug: string): Promise<CalloutNotifications> {
  const callout = await findCallout(ctx, idOrSlug);
  return present(ctx, callout.id);
}

/**
 * `PUT /callout/{id}/notifications` (admins): replaces who is told and the
 * thresholds. Recipients must be admins or reviewers of the callout. A new
 * threshold the callout has passed already counts as reached, so it never
 * alerts about the past.
 */
export async function updateNotifications(
  ctx: AppContext,
  idOrSlug: string,
  input: UpdateCalloutNotifications,
): Promise<CalloutNotifications> {
  const callout = await findCallout(ctx, idOrSlug);
  const now = ctx.clock.now();
  const recipients = [...new Map(input.recipients.map((row) => [row.contactId, row])).values()];
  const staff = await queries.staffAmong(
    ctx.db,
    callout.id,
    recipients.map((row) => row.contactId),
    now,
  );
  const details = recipients.flatMap((row, index) =>
    staff.has(row.contactId)
      ? []
      : [fieldError(`recipients.${index}.contactId`, "isStaff", { key: "adminValidation.notStaff" })],
  );
  if (details.length > 0) {
    throw new AppError("invalid-request", {
      status: 400,
      message: "Only admins and reviewers of this callout can be notified",
      details,
    });
  }
  await ctx.db.transaction(async (tx) => {
    const highest = await queries.highestResponseNumber(tx, callout.id);
    await queries.replaceNotifications(tx, {
      calloutId: callout.id,
      recipients,
      thresholds: [...new Set(input.thresholds)].map((threshold) => ({
        threshold,
        reachedAt: threshold <= highest ? now : null,
      })),
    });
  });
  forgetPlan(ctx, callout.id);
  return present(ctx, callout.id);
}
