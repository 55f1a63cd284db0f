import { ONE_DAY, ONE_WEEK } from "@cohort/common/time";
import { lastRunBefore } from "../../jobs/queries.js";
import type { ScheduledJob } from "../../jobs/runner.js";
import { DELIVER_JOB, emitEvent } from "./events.js";
import * as queries from "./queries.js";

const HOUR_MS = 3_600_000;
/**
 * The furthest back a run looks after the servers were down: a week. Older
 * dates are not told late (and the events that would show they were told
 * already may have been removed by then).
 */
export const WEBHOOK_CATCH_UP_MS = ONE_WEEK;

/** The hour before the one `now` is in, as `2026-11-28T19` (UTC). */
export function previousHour(now: Date): string {
  const start = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - HOUR_MS;
  return new Date(start).toISOString().slice(0, 13);
}

const hourStart = (period: string) => new Date(`${period}:00:00.000Z`);

/**
 * Events that happen when a date passes rather than when someone acts: a
 * membership starting at its start date and ending at its expiry, a callout
 * opening at its start and closing at its end. Once per hour across every
 * server copy (decision 030). A run covers the time from the end of the last
 * hour that ran to the end of the hour just gone, so hours the servers were
 * down for are looked at by the next run (a week at most). A membership whose
 * start or end was told at once, by the change that made it, is not told again.
 */
export const webhookTimeEventsJob: ScheduledJob = {
  name: "webhook-time-events",
  dueAt: previousHour,
  run: async (ctx, period) => {
    const to = new Date(hourStart(period).getTime() + HOUR_MS);
    const last = await lastRunBefore(ctx.db, "webhook-time-events", period);
    const from = new Date(
      Math.max(
        last ? hourStart(last).getTime() + HOUR_MS : hourStart(period).getTime(),
        to.getTime() - WEBHOOK_CATCH_UP_MS,
      ),
    );
    const started = await queries.findMembershipBoundaries(ctx.db, "started", from, to);
    const ended = await queries.findMembershipBoundaries(ctx.db, "ended", from, to);
    const opened = await queries.findCalloutsBetween(ctx.db, "starts", from, to);
    const closed = await queries.findCalloutsBetween(ctx.db, "expires", from, to);
    for (const role of started) {
      await emitEvent(ctx, "membership.started", {
        contactId: role.contactId,
        dateAdded: role.dateAdded.toISOString(),
        dateExpires: role.dateExpires?.toISOString() ?? null,
      });
    }
    for (const role of ended) {
      await emitEvent(ctx, "membership.ended", {
        contactId: role.contactId,
        dateExpires: role.dateExpires?.toISOString() ?? null,
      });
    }
    const present = (callout: (typeof opened)[number]) => ({
      id: callout.id,
      slug: callout.slug,
      starts: callout.starts?.toISOString() ?? null,
      expires: callout.expires?.toISOString() ?? null,
    });
    for (const callout of opened) await emitEvent(ctx, "callout.published", present(callout));
    for (const callout of closed) await emitEvent(ctx, "callout.ended", present(callout));
  },
};

/**
 * Once a day, removes webhook events older than WEBHOOK_RETENTION_DAYS that
 * no delivery waits on any more, with their deliveries and the finished jobs
 * that sent them (decision 076). A day missed is made up by the next run.
 */
export const webhookRetentionJob: ScheduledJob = {
  name: "webhook-retention",
  dueAt: (now) => now.toISOString().slice(0, 10),
  run: async (ctx) => {
    const now = ctx.clock.now();
    const before = new Date(now.getTime() - ctx.config.webhooks.retentionDays * ONE_DAY);
    const abandoned = await queries.failAbandonedDeliveries(ctx.db, before, now, DELIVER_JOB);
    if (abandoned > 0) ctx.log.warn({ abandoned }, "webhook deliveries no job could send were marked failed");
    const removed = await queries.pruneEventsBefore(ctx.db, before, DELIVER_JOB);
    if (removed > 0) ctx.log.info({ removed, before: before.toISOString() }, "old webhook events removed");
  },
};
