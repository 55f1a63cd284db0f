import type { ScheduledJob } from "../../jobs/runner.js";
import { emitEvent } from "./events.js";
import * as queries from "./queries.js";

const HOUR_MS = 3_600_000;

/** The hour before the one `now` is in, as `2026-11-28T19` (UTC). */
export function previousHour(now: Date): string {
  const start = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - HOUR_MS;
  return new Date(start).toISOString().slice(0, 13);
}

/**
 * Events that happen when a date passes rather than when someone acts: a
 * membership ending at its expiry, a callout opening at its start and closing
 * at its end. Once per hour across every server copy (decision 030), the hour
 * just gone is looked at; the same hour is never looked at twice.
 */
export const webhookTimeEventsJob: ScheduledJob = {
  name: "webhook-time-events",
  dueAt: previousHour,
  run: async (ctx, period) => {
    const from = new Date(`${period}:00:00.000Z`);
    const to = new Date(from.getTime() + HOUR_MS);
    const ended = await queries.findMembershipsEnded(ctx.db, from, to);
    const opened = await queries.findCalloutsBetween(ctx.db, "starts", from, to);
    const closed = await queries.findCalloutsBetween(ctx.db, "expires", from, to);
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
