import type { Callout } from "@cohort/common/callouts";
import type { AppContext } from "../../context.js";
import { invalidateCaches, readCache } from "../../lib/read-cache.js";

/**
 * The one cache of callouts on each server copy (decisions 037 and 078). Every reader that keeps
 * what it read of a callout keeps it here, under keys of its own:
 *
 * - `public`: one callout as a visitor without a session sees it (with or without its form, per
 *   variant) and the public list, as finished JSON text;
 * - `answer`: the callout as the answering path checks a response against it (open callouts
 *   only, so opening one takes effect at once);
 * - `preview`: the texts of a shared callout's link preview.
 *
 * One rule ends every entry: a change to callouts, their variants or the settings (the default
 * texts follow the organisation's language) empties the whole cache on every copy, through this
 * copy's `calloutsChanged` at once and the database's notification on the others; and a callout's
 * entry ends when its status next changes on its own (its start or end date), a minute ahead at
 * most. The list's entries end after a second, since any callout reaching a date may join or
 * leave it.
 */
export type CalloutReader = "public" | "answer" | "preview";

export const LIST_MAX_AGE_MS = 1000;
const MAX_AGE_MS = 60_000;

/** A value `reader` made from callouts, from the cache or else from `load`, kept until the `until` it answers. */
export function throughCalloutCache<V>(
  ctx: AppContext,
  reader: CalloutReader,
  key: string,
  load: (now: number) => Promise<{ value: V; until: number }>,
): Promise<V> {
  const now = ctx.clock.now().getTime();
  return readCache<V>(ctx.db, ["callouts", "content"], "callouts").get(`${reader}:${key}`, now, () => load(now));
}

/** When the status of this callout next changes on its own (its start or end), at most `MAX_AGE_MS` ahead. */
export function statusChangeAfter(
  callout: { starts: Callout["starts"] | Date; expires: Callout["expires"] | Date },
  now: number,
): number {
  const dates = [callout.starts, callout.expires]
    .map((date) => (date ? new Date(date).getTime() : Number.POSITIVE_INFINITY))
    .filter((time) => time > now);
  return Math.min(now + MAX_AGE_MS, ...dates);
}

/** Call after changing callouts or their variants, so this copy answers the change at once. */
export function calloutsChanged(ctx: AppContext): void {
  invalidateCaches(ctx.db, "callouts");
}
