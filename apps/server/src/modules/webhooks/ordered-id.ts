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
