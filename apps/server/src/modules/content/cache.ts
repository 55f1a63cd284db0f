import type { AppContext } from "../../context.js";
import { invalidateCaches, readCache } from "../../lib/read-cache.js";

/**
 * Settings change rarely and are read by almost every public page, so each
 * server copy keeps them, parsed, until a change to the `content` table
 * empties the cache on every copy (decision 037). Values are frozen: callers
 * copy them, never change them.
 */
const MAX_AGE_MS = 60_000;

export function cachedContent<T>(ctx: AppContext, key: string, load: () => Promise<T>): Promise<T> {
  const now = ctx.clock.now().getTime();
  return readCache<T>(ctx.db, "content", "content").get(key, now, async () => ({
    value: Object.freeze(await load()),
    until: now + MAX_AGE_MS,
  }));
}

/** Call after storing settings, so this copy answers the change at once. */
export function contentChanged(ctx: AppContext): void {
  invalidateCaches(ctx.db, "content");
}
