import type { Db } from "../../db/client.js";
import type { ResponseCalloutRow } from "./queries.js";

/**
 * Open callouts as the answering path reads them, kept for a moment by each
 * server copy so that a busy callout is not read again for every response.
 * Admins may change a callout through another copy, so entries live one
 * second at most; the insert checks that the callout is still open anyway, so
 * a stale entry can at worst apply a form, access or captcha setting that
 * changed within that second.
 */
export const CALLOUT_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 1000;

interface Entry {
  callout: ResponseCalloutRow;
  expiresAt: number;
}

export class CalloutCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The callout cached under an id or slug, while still fresh. */
  get(key: string): ResponseCalloutRow | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry.callout;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, callout: ResponseCalloutRow): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { callout, expiresAt: this.now() + CALLOUT_CACHE_TTL_MS });
  }

  /** Drops every entry of this callout (looked up by id or by slug). */
  forget(calloutId: string): void {
    for (const [key, entry] of this.entries) {
      if (entry.callout.id === calloutId) this.entries.delete(key);
    }
  }
}

const caches = new WeakMap<Db, CalloutCache>();

/** The cache of one database's callouts (each test app has its own). */
export function calloutCacheOf(db: Db): CalloutCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CalloutCache();
    caches.set(db, cache);
  }
  return cache;
}
