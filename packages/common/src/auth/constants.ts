import { ONE_MINUTE } from "../time/index.js";

/**
 * An account is locked after this many failed password or one-time code
 * attempts in a row (see `MAX_PASSWORD_TRIES` in contacts), for this long, or
 * until its password is reset.
 */
export const ACCOUNT_LOCK_MINUTES = 15;
export const ACCOUNT_LOCK_DURATION = ACCOUNT_LOCK_MINUTES * ONE_MINUTE;

/**
 * Limits per client address across all accounts, for every check of a
 * password or a one-time code: how many may be in progress at once, and how
 * many may fail within a minute.
 */
export const LOGIN_ATTEMPT_LIMITS = {
  inProgress: { max: 5, windowMs: ONE_MINUTE },
  failuresPerMinute: { max: 10, windowMs: ONE_MINUTE },
} as const;

/** A session's "last used" is written at most this often (decision 051). */
export const SESSION_LAST_USED_INTERVAL = ONE_MINUTE;

/** How much of a browser's User-Agent a session keeps. */
export const SESSION_USER_AGENT_MAX = 512;
