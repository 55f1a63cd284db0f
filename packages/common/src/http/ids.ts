/** A UUID in its usual text form (any version), as the database's ids are written. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path's id is a UUID: a lookup by id checks this first, so that a
 * slug or a mistyped id is a 404 and never reaches the database's uuid cast.
 */
export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text);
}
