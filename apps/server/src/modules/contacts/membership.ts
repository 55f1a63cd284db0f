import type { AppContext } from "../../context.js";
import { emitEvent } from "../webhooks/events.js";

/** A member role's dates, before or after a change; undefined when there is none. */
export type MemberDates = { dateAdded: Date; dateExpires: Date | null } | undefined;

const isMemberAt = (role: MemberDates, now: Date) =>
  role !== undefined && role.dateAdded <= now && (role.dateExpires === null || role.dateExpires > now);

/** Whether a change of a member role from `before` to `after` starts or ends a membership at `now`. */
export function membershipTransition(before: MemberDates, after: MemberDates, now: Date): "started" | "ended" | null {
  const was = isMemberAt(before, now);
  const is = isMemberAt(after, now);
  return !was && is ? "started" : was && !is ? "ended" : null;
}

/**
 * The one place that decides whether a change to a contact's member role
 * started or ended a membership, whoever made it (a payment, a cancellation,
 * staff on the roles page, a new contact): a member role that holds now and
 * did not before starts one, one that held and no longer does ends it
 * (decision 076). Call it with the transaction of the change. A start or end
 * that lies ahead is told by the hourly job when its date passes. An import,
 * which changes many roles at once, decides with `membershipTransition` and
 * tells them with `emitEvents`.
 */
export async function membershipChanged(
  ctx: Pick<AppContext, "db" | "clock">,
  contactId: string,
  before: MemberDates,
  after: MemberDates,
  now: Date,
): Promise<void> {
  const transition = membershipTransition(before, after, now);
  const at = { db: ctx.db, clock: { now: () => now } };
  if (transition === "started" && after) {
    await emitEvent(at, "membership.started", {
      contactId,
      dateAdded: after.dateAdded.toISOString(),
      dateExpires: after.dateExpires?.toISOString() ?? null,
    });
  } else if (transition === "ended") {
    const ended = after?.dateExpires && after.dateExpires <= now ? after.dateExpires : now;
    await emitEvent(at, "membership.ended", { contactId, dateExpires: ended.toISOString() });
  }
}
