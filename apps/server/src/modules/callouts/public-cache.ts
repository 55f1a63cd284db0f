import type { Callout } from "@cohort/common/callouts";
import type { AppContext } from "../../context.js";
import { invalidateCaches, readCache, type ReadCache } from "../../lib/read-cache.js";

/**
 * What visitors without a session read most — one callout, with or without its
 * form, and the public list — kept as JSON text by each server copy until a
 * change to callouts or their texts empties the cache on every copy
 * (decision 037). A callout's status comes from its dates, so its entry ends
 * when the status next changes; a list's entry ends after a second, since any
 * callout reaching its start or end date may join or leave it.
 */
export const LIST_MAX_AGE_MS = 1000;
const MAX_AGE_MS = 60_000;

/**
 * The default texts of a callout follow the organisation's language, a
 * setting: a change to the settings empties this cache too, so a request
 * finds its entry by the callout and the query alone, with no setting read
 * on the way.
 */
export function publicCallouts(ctx: AppContext): ReadCache<string> {
  return readCache<string>(ctx.db, ["callouts", "content"], "public-callouts");
}

/** When the status of this callout next changes on its own (its start or end), at most `MAX_AGE_MS` ahead. */
export function statusChangeAfter(callout: Pick<Callout, "starts" | "expires">, now: number): number {
  const dates = [callout.starts, callout.expires]
    .map((date) => (date ? Date.parse(date) : Number.POSITIVE_INFINITY))
    .filter((time) => time > now);
  return Math.min(now + MAX_AGE_MS, ...dates);
}

/** Call after changing callouts or their variants, so this copy answers the change at once. */
export function calloutsChanged(ctx: AppContext): void {
  invalidateCaches(ctx.db, "callouts");
}
