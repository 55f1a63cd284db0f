/** Days a failed renewal keeps the membership active while it is retried, unless the organisation sets otherwise. */
export const DEFAULT_GRACE_DAYS = 14;
/** The shortest and the longest grace period an organisation may set (Settings → Payment). */
export const MIN_GRACE_DAYS = 1;
export const MAX_GRACE_DAYS = 60;
