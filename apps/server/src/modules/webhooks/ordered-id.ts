import { randomBytes } from "node:crypto";

let lastMs = 0;
let sequence = 0;

/**
 * A UUID (version 7) that sorts after every one this process made before:
 * the time in milliseconds, then a counter within the millisecond. The queue
 * takes jobs due at the same time in the order of their ids, so the deliveries
 * of events that happened in one instant leave in the order they happened.
 */
export function orderedId(now: Date): string {
  let ms = now.getTime();
  if (ms <= lastMs) {
    ms = lastMs;
    sequence++;
    if (sequence > 0xfff) {
      ms = ++lastMs;
      sequence = 0;
    }
  } else {
    lastMs = ms;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A run of ordered ids the database makes for the rows of one statement (see `orderedIdSql`). */
export interface OrderedRun {
  /** The milliseconds of the run's first id. */
  ms: number;
  /** The counter of its first id within them; the row numbered n has the counter `first + n`, carried into `ms`. */
  first: number;
}

/**
 * Reserves the start of a run of ordered ids that follows this process's last
 * one; `made(count)` moves the counter past the run, so ids made afterwards
 * sort after every one of them.
 */
export function orderedRun(now: Date): OrderedRun & { made(count: number): void } {
  orderedId(now);
  const ms = lastMs;
  const first = sequence + 1;
  return {
    ms,
    first,
    made: (count) => {
      const last = first + count - 1;
      const lastMsOfRun = ms + Math.floor(last / 4096);
      if (lastMsOfRun >= lastMs) {
        lastMs = lastMsOfRun;
        sequence = last % 4096;
      }
    },
  };
}
