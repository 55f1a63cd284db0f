import pg from "pg";
import type { Db } from "../db/client.js";
import { postgresPool } from "../db/client.js";

/**
 * Read caches that every server copy keeps in memory, and the invalidation
 * that empties them on every copy (decision 037).
 *
 * Writes to the cached tables raise a PostgreSQL notification on the
 * `cohort_cache` channel when they commit (triggers of migration 0018 name the
 * topic: `content` or `callouts`). Each copy listens on a connection of its
 * own and empties the caches of that topic when one arrives, so a change made
 * through any copy, or straight in the database, reaches all of them within
 * moments. While that connection is down nothing is cached: a copy that might
 * miss a notification reads the database instead, and it empties every cache
 * once it listens again.
 */
export const INVALIDATION_CHANNEL = "cohort_cache";
export type CacheTopic = "content" | "callouts" | "webhooks";

/** How long after losing the listening connection a copy tries again. */
const RECONNECT_MS = 1000;
/** The most entries one cache holds; past that it starts again empty. */
const MAX_ENTRIES = 2000;

interface Loaded<V> {
  value: V;
  /** Clock time (ms) after which the entry is no longer used. */
  until: number;
}

/**
 * One cache of values loaded from the database. An entry is used until its
 * `until` time or until its topic changes; loads of one key running at the
 * same time are shared, and a load that began before an invalidation is
 * answered but not kept, so a value read just before a change never outlives it.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, Loaded<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(private readonly isLive: () => boolean) {}

  async get(key: string, now: number, load: () => Promise<Loaded<V>>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.until > now) return entry.value;
    if (!this.isLive()) return (await load()).value;
    const running = this.loading.get(key);
    if (running) return running;
    const generation = this.generation;
    const promise = load()
      .then((loaded) => {
        if (generation === this.generation && this.isLive() && loaded.until > now) {
          if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
          this.entries.set(key, loaded);
        }
        return loaded.value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }
}

interface Listener {
  stop(): Promise<void>;
}

class CacheBus {
  live = false;
  users = 0;
  listener: Listener | undefined;
  readonly caches = new Map<string, { topics: readonly CacheTopic[]; cache: ReadCache<unknown> }>();

  invalidate(topic: CacheTopic | "all"): void {
    for (const entry of this.caches.values()) {
      if (topic === "all" || entry.topics.includes(topic)) entry.cache.clear();
    }
  }

  notified(payload: string | undefined): void {
    this.invalidate(payload === "content" || payload === "callouts" || payload === "webhooks" ? payload : "all");
  }
}

const buses = new WeakMap<Db, CacheBus>();

function busOf(db: Db): CacheBus {
  let bus = buses.get(db);
  if (!bus) {
    bus = new CacheBus();
    buses.set(db, bus);
  }
  return bus;
}

/**
 * The cache `name` of one database (each test app has its own database),
 * emptied when any of its topics changes: a value made from callouts and
 * settings names both.
 */
export function readCache<V>(db: Db, topic: CacheTopic | readonly CacheTopic[], name: string): ReadCache<V> {
  const bus = busOf(db);
  let entry = bus.caches.get(name);
  if (!entry) {
    entry = { topics: typeof topic === "string" ? [topic] : topic, cache: new ReadCache<unknown>(() => bus.live) };
    bus.caches.set(name, entry);
  }
  return entry.cache as ReadCache<V>;
}

/**
 * Empties this copy's caches of a topic at once, after a write through this
 * copy; the notification of the write does the same on every copy a moment later.
 */
export function invalidateCaches(db: Db, topic: CacheTopic): void {
  buses.get(db)?.invalidate(topic);
}

async function listenOnPostgres(pool: pg.Pool, bus: CacheBus, log: (error: unknown) => void): Promise<Listener> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const retryLater = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
  };
  const lose = (lost: pg.Client, error?: unknown) => {
    if (client !== lost) return;
    client = undefined;
    bus.live = false;
    bus.invalidate("all");
    if (error) log(error);
    lost.end().catch(() => undefined);
    retryLater();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: pool.options.connectionString });
    client = next;
    next.on("error", (error) => lose(next, error));
    next.on("end", () => lose(next));
    next.on("notification", (message) => bus.notified(message.payload));
    try {
      await next.connect();
      await next.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    } catch (error) {
      lose(next, error);
      return;
    }
    if (client !== next || stopped) return;
    // Whatever changed while nobody listened is forgotten with the rest.
    bus.invalidate("all");
    bus.live = true;
  };
  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      bus.live = false;
      await last?.end().catch(() => undefined);
    },
  };
}

interface PGliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

function pgliteOf(db: Db): PGliteLike | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client && typeof (client as PGliteLike).listen === "function" ? (client as PGliteLike) : undefined;
}

/**
 * Starts listening for invalidations of this database's caches; until it has,
 * nothing is cached. Call `stop` on shutdown. Several apps on one database
 * (tests) share one listener.
 */
export async function startCacheInvalidation(
  db: Db,
  log: (error: unknown) => void,
): Promise<{ stop(): Promise<void> }> {
  const bus = busOf(db);
  bus.users += 1;
  if (bus.users === 1) {
    const pool = postgresPool(db);
    const embedded = pool ? undefined : pgliteOf(db);
    if (pool) {
      bus.listener = await listenOnPostgres(pool, bus, log);
    } else if (embedded) {
      const unlisten = await embedded.listen(INVALIDATION_CHANNEL, (payload) => bus.notified(payload));
      bus.live = true;
      bus.listener = {
        async stop() {
          bus.live = false;
          await unlisten().catch(() => undefined);
        },
      };
    }
  }
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      bus.users -= 1;
      if (bus.users > 0) return;
      const listener = bus.listener;
      bus.listener = undefined;
      bus.live = false;
      bus.invalidate("all");
      await listener?.stop();
    },
  };
}
