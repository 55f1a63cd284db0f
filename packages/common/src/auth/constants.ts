import { ONE_MINUTE } from "../time/index.js";

/**
 * A client address is locked out of an account after `MAX_PASSWORD_TRIES`
 * (contacts) failed password or one-time code attempts in a row from that
 * address, for this long, or until the account's password changes. Other
 * addresses are not affected.
 */
export const ACCOUNT_LOCK_MINUTES = 15;
export const ACCOUNT_LOCK_DURATION = ACCOUNT_LOCK_MINUTES * ONE_MINUTE;

/**
 * How many failed attempts an account takes in one `ACCOUNT_LOCK_MINUTES`
 * from all addresses together. Once they are spent, only the clients the
 * account already knows (see `KNOWN_CLIENT_DAYS`), its own sessions and its
 * reset links may try until that quarter hour is over. Twice the limit of one
 * address, so that a single address can never spend it.
 */
export const ACCOUNT_FAILURE_BUDGET = 10;

/** A client address is known to an account for this long after it last logged in there. */
export const KNOWN_CLIENT_DAYS = 90;

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
