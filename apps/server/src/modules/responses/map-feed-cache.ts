import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Db } from "../../db/client.js";

const gzipAsync = promisify(gzip);

/** A feed page as JSON text, and the same gzip-compressed, made once when first asked for. */
export class FeedPage {
  private compressed: Promise<Buffer> | undefined;

  constructor(readonly json: string) {}

  gzip(): Promise<Buffer> {
    this.compressed ??= gzipAsync(this.json);
    return this.compressed;
  }
}

/**
 * Pages of the public map and gallery feed, as the JSON sent, kept by each
 * server copy (decision 035). An entry is used only while its `version` still
 * matches: the number of the callout's responses, their latest change and the
 * callout's form and view settings. Any copy's insert, triage, edit or delete
 * therefore shows at the next request, without copies telling each other.
 * Entries also expire after a while, and the whole cache holds a bounded
 * amount of text, dropping the least recently used pages first. A page is
 * kept with its gzip form, so a page from the cache costs no compression.
 */
export const MAP_FEED_CACHE_TTL_MS = 5 * 60 * 1000;
export const MAP_FEED_CACHE_MAX_CHARS = 32 * 1024 * 1024;

interface Entry {
  version: string;
  page: FeedPage;
  expiresAt: number;
}

export class MapFeedCache {
  private readonly entries = new Map<string, Entry>();
  private chars = 0;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly maxChars = MAP_FEED_CACHE_MAX_CHARS,
  ) {}

  get(key: string, version: string): FeedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || entry.expiresAt <= this.now()) {
      this.remove(key, entry);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.page;
  }

  set(key: string, version: string, page: FeedPage): void {
    const size = page.json.length;
    if (size > this.maxChars) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    for (const [oldest, entry] of this.entries) {
      if (this.chars + size <= this.maxChars) break;
      this.remove(oldest, entry);
    }
    this.entries.set(key, { version, page, expiresAt: this.now() + MAP_FEED_CACHE_TTL_MS });
    this.chars += size;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.chars -= entry.page.json.length;
  }
}

const caches = new WeakMap<Db, MapFeedCache>();

/** The feed cache of one database (each test app has its own). */
export function mapFeedCacheOf(db: Db): MapFeedCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new MapFeedCache();
    caches.set(db, cache);
  }
  return cache;
}
