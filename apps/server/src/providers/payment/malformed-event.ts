import { createHash } from "node:crypto";

/**
 * The id under which a webhook event that is not a usable event is recorded
 * and ignored: its own id (`idKey`) when it has a sensible one, else one
 * derived from its content, so that a redelivery of it is recognised too.
 */
export function malformedEventId(entry: unknown, idKey: string): string {
  const own =
    typeof entry === "object" && entry !== null && Object.hasOwn(entry, idKey)
      ? (entry as Record<string, unknown>)[idKey]
      : undefined;
  if (typeof own === "string" && own.length > 0 && own.length <= 100) return own;
  const digest = createHash("sha256")
    .update(JSON.stringify(entry ?? null))
    .digest("hex");
  return `malformed_${digest.slice(0, 32)}`;
}
