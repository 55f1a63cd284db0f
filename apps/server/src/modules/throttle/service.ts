import { isIPv4, isIPv6 } from "node:net";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { Batcher, batcherOf } from "../../lib/batcher.js";
import * as queries from "./queries.js";

/** At most `max` hits per key in each fixed window of `windowMs`. */
export interface WindowLimit {
  max: number;
  windowMs: number;
}

/** A counted hit; `releaseHit` takes it back. */
export type Hit = queries.CounterWindow;

function windowOf(key: string, now: Date, windowMs: number): Hit {
  return { key, windowStart: new Date(Math.floor(now.getTime() / windowMs) * windowMs) };
}

/**
 * Counts one hit for `key` in the current window. Returns the hit, or null
 * when the window already holds `limit.max` (then nothing is counted).
 */
export async function takeHit(ctx: AppContext, key: string, limit: WindowLimit): Promise<Hit | null> {
  const hit = windowOf(key, ctx.clock.now(), limit.windowMs);
  const expiresAt = new Date(hit.windowStart.getTime() + limit.windowMs);
  return (await queries.addHit(ctx.db, hit, limit.max, expiresAt)) === null ? null : hit;
}

type BatchedHit = Hit & { expiresAt: Date; max: number };

const hitBatchers = new WeakMap<Db, Batcher<BatchedHit, boolean>>();

/**
 * `takeHit` for the limits that a busy public call counts on every request:
 * the same count, written with one statement (and one commit) together with
 * the hits other requests take at the same moment. A statement holds hits of
 * one limit and distinct keys; a second hit for a key waits for the next one.
 */
export async function takeHitTogether(ctx: AppContext, key: string, limit: WindowLimit): Promise<Hit | null> {
  const batcher = batcherOf(
    hitBatchers,
    ctx.db,
    () =>
      new Batcher<BatchedHit, boolean>(
        async (hits) => {
          const taken = await queries.addHits(ctx.db, hits, hits[0]!.max);
          return hits.map((hit) => taken.has(hit.key));
        },
        { joins: (batch, hit) => hit.max === batch[0]!.max && !batch.some((other) => other.key === hit.key) },
      ),
  );
  const hit = windowOf(key, ctx.clock.now(), limit.windowMs);
  const expiresAt = new Date(hit.windowStart.getTime() + limit.windowMs);
  return (await batcher.add({ ...hit, expiresAt, max: limit.max })) ? hit : null;
}

/** Takes a hit back: an attempt that turned out not to count, or the end of one in progress. */
export async function releaseHit(ctx: AppContext, hit: Hit): Promise<void> {
  await queries.removeHit(ctx.db, hit);
}

/**
 * Runs `work` as one of at most `limit.max` calls in progress for `key`, on
 * all server copies together; beyond that `refuse()` is thrown. A call still
 * running when its window ends no longer counts in the next one, so a copy
 * that died mid-call blocks nobody for longer than a window.
 */
export async function withSlot<T>(
  ctx: AppContext,
  key: string,
  limit: WindowLimit,
  refuse: () => Error,
  work: () => Promise<T>,
): Promise<T> {
  const slot = await takeHit(ctx, key, limit);
  if (!slot) throw refuse();
  try {
    return await work();
  } finally {
    await releaseHit(ctx, slot).catch((error: unknown) =>
      ctx.log.error({ err: error, key }, "releasing a slot failed"),
    );
  }
}

/**
 * Remembers `key` for `lifetimeMs` from now (again from now when it is
 * remembered again), in the same table as the counters and swept with them.
 */
export async function mark(ctx: AppContext, key: string, lifetimeMs: number): Promise<void> {
  await queries.setMark(ctx.db, key, new Date(ctx.clock.now().getTime() + lifetimeMs));
}

/** Whether `key` was marked and its time has not run out. */
export function isMarked(ctx: AppContext, key: string): Promise<boolean> {
  return queries.hasMark(ctx.db, key, ctx.clock.now());
}

/** Deletes the counters of windows that have ended. */
export function sweepExpiredCounters(ctx: Pick<AppContext, "db" | "clock">): Promise<number> {
  return queries.deleteExpiredCounters(ctx.db, ctx.clock.now());
}

function ipv6Groups(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const parts = (text: string) => (text ? text.split(":") : []);
  const withV4 = (groups: string[]) =>
    groups.flatMap((group) => {
      if (!isIPv4(group)) return [group];
      const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const left = withV4(parts(head));
  const right = tail === undefined ? [] : withV4(parts(tail));
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0");
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}

/**
 * What identifies one client in a counter key: an IPv4 address as it is
 * (also when written as IPv4-mapped IPv6), an IPv6 address by its /64
 * network, since one subscriber is usually given a whole /64.
 */
export function clientKey(address: string): string {
  const plain = address.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(plain)) return plain;
  return `${ipv6Groups(plain).slice(0, 4).join(":")}::/64`;
}
