import { createHash, randomBytes } from "node:crypto";
import {
  ACCOUNT_FAILURE_BUDGET,
  ACCOUNT_LOCK_DURATION,
  KNOWN_CLIENT_DAYS,
  LOGIN_ATTEMPT_LIMITS,
  SESSION_LAST_USED_INTERVAL,
  SESSION_USER_AGENT_MAX,
  type Login,
} from "@cohort/common/auth";
import { MAX_PASSWORD_TRIES } from "@cohort/common/contacts";
import { ONE_DAY, ONE_HOUR, ONE_MINUTE } from "@cohort/common/time";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import {
  findContactByEmail,
  findContactById,
  recordAccountFailure,
  touchLastSeen,
  type ContactRow,
} from "../contacts/records/service.js";
import { clientKey, isMarked, mark, releaseHit, sweepExpiredCounters, takeHit, withSlot } from "../throttle/service.js";
import { verifyPassword } from "../../lib/password.js";
import * as queries from "./queries.js";
import { matchTotpStep } from "./totp.js";

/** Failures are forgotten after this long without another one; as long as a lock lasts, so a swept row never holds one. */
const THROTTLE_WINDOW = ACCOUNT_LOCK_DURATION;
const THROTTLE_BASE_DELAY_MS = 250;
const THROTTLE_MAX_DELAY_MS = 8000;

/** How long a failed attempt waits before answering, after `failures` recent failures. */
export function failureDelayMs(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(THROTTLE_BASE_DELAY_MS * 2 ** (failures - 1), THROTTLE_MAX_DELAY_MS);
}

function throttleKeys(email: string, address: string): string[] {
  return [`account:${email}`, `address:${clientKey(address)}`];
}

async function failSlowly(ctx: AppContext, keys: string[], error: AppError): Promise<never> {
  const now = ctx.clock.now();
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW);
  let failures = 0;
  for (const key of keys) {
    failures = Math.max(failures, await queries.recordThrottleFailure(ctx.db, key, now, windowStart));
  }
  await ctx.sleep(failureDelayMs(failures));
  throw error;
}

const loginFailed = () => new AppError("login-failed", { status: 401, message: "Invalid password/email combination" });
const invalidToken = () => new AppError("invalid-token", { status: 401, message: "Invalid 2FA token" });
const tokenAlreadyUsed = () =>
  new AppError("token-already-used", {
    status: 401,
    message: "This code was just used. Wait for the next code from your authenticator app.",
  });
const accountLocked = () =>
  new AppError("account-locked", {
    status: 401,
    message: `Account locked due to too many failed login attempts. Please try again in ${ACCOUNT_LOCK_DURATION / ONE_MINUTE} minutes or reset your password.`,
  });
const tooManyAttempts = () =>
  new AppError("too-many-requests", {
    status: 429,
    message: "Too many login attempts from your network, please try again in a minute.",
  });

/** Errors that mean a wrong secret (or a locked account) and count towards the address's limit. */
const failureCodes = new Set(["login-failed", "invalid-token", "account-locked"]);

/**
 * Limits every check of a password or a one-time code per client address,
 * across all accounts and server copies: a few in progress at once, and a
 * number of failures per minute. Beyond either, the check is not made and
 * the answer is 429. A success does not count.
 */
async function limitAttempts<T>(ctx: AppContext, address: string, work: () => Promise<T>): Promise<T> {
  const client = clientKey(address);
  return withSlot(ctx, `login-in-progress:${client}`, LOGIN_ATTEMPT_LIMITS.inProgress, tooManyAttempts, async () => {
    const attempt = await takeHit(ctx, `login-failures:${client}`, LOGIN_ATTEMPT_LIMITS.failuresPerMinute);
    if (!attempt) throw tooManyAttempts();
    try {
      const result = await work();
      await releaseHit(ctx, attempt);
      return result;
    } catch (error) {
      if (!(error instanceof AppError && failureCodes.has(error.code))) await releaseHit(ctx, attempt);
      throw error;
    }
  });
}

/** Whether the failures from all addresses have used up the account's budget for the current quarter hour. */
function budgetSpent(contact: ContactRow, now: Date): boolean {
  return contact.passwordTries >= ACCOUNT_FAILURE_BUDGET && contact.lockedUntil !== null && contact.lockedUntil > now;
}

/**
 * The counter of one client address on one account. It names the password
 * it was guessing (by a digest of its hash), so a new password, however it
 * was set, starts every address afresh.
 */
function pairKey(contact: Pick<ContactRow, "id" | "passwordHash">, address: string): string {
  return `login-lock:${contact.id}:${hashToken(contact.passwordHash ?? "").slice(0, 16)}:${clientKey(address)}`;
}

function pairRule(ctx: AppContext): queries.PairRule {
  return { now: ctx.clock.now(), maxTries: MAX_PASSWORD_TRIES, lockFor: ACCOUNT_LOCK_DURATION };
}

/** The mark that a client address has logged in to an account (a digest: no address is stored with an account). */
function knownClientKey(contactId: string, address: string): string {
  return `login-known:${hashToken(`${contactId} ${clientKey(address)}`)}`;
}

/** Remembers that this client address logged in to the account; it stays known for `KNOWN_CLIENT_DAYS`. */
export function rememberClient(ctx: AppContext, contactId: string, address: string): Promise<void> {
  return mark(ctx, knownClientKey(contactId, address), KNOWN_CLIENT_DAYS * ONE_DAY);
}

/**
 * Who is checking a secret of an account. `vouched` callers have already
 * shown something of the owner's — a live session of the account, or a link
 * sent to its email address — and are never held back by the account's
 * spent budget; a client address that failed too often is, like anyone.
 */
interface Attempt {
  contact: ContactRow;
  address: string;
  vouched: boolean;
  /** The keys whose failures slow down the answer (account and address). */
  keys: string[];
}

/**
 * Refuses, whatever the answer given, a client address that locked itself
 * out of this account, and a stranger while the account's budget for
 * failures is spent. Either answers `account-locked`.
 */
async function refuseLockedOut(ctx: AppContext, attempt: Attempt): Promise<void> {
  const { contact, address, keys } = attempt;
  if (await queries.isPairLocked(ctx.db, pairKey(contact, address), pairRule(ctx))) {
    return failSlowly(ctx, keys, accountLocked());
  }
  if (
    !attempt.vouched &&
    budgetSpent(contact, ctx.clock.now()) &&
    !(await isMarked(ctx, knownClientKey(contact.id, address)))
  ) {
    return failSlowly(ctx, keys, accountLocked());
  }
}

/**
 * Counts a wrong password or code against the client address on this
 * account and against the account's budget, then answers `error` slowly —
 * or `account-locked` when a parallel attempt locked the address out meanwhile.
 */
async function countFailure(ctx: AppContext, attempt: Attempt, error: AppError): Promise<never> {
  const now = ctx.clock.now();
  const counted = await queries.recordPairFailure(ctx.db, pairKey(attempt.contact, attempt.address), pairRule(ctx));
  await recordAccountFailure(ctx, attempt.contact.id, {
    now,
    budget: ACCOUNT_FAILURE_BUDGET,
    periodEnd: new Date(now.getTime() + ACCOUNT_LOCK_DURATION),
  });
  return failSlowly(ctx, attempt.keys, counted ? error : accountLocked());
}

/**
 * Checks a current one-time code and uses it up; a wrong or used one counts like a wrong password.
 * A used one says so, as the code that switched 2FA on is refused until the next one shows.
 */
async function checkCode(ctx: AppContext, attempt: Attempt, mfa: queries.MfaRow, token: string): Promise<void> {
  const step = matchTotpStep(mfa.secret, token, ctx.clock.now());
  if (step === null) return countFailure(ctx, attempt, invalidToken());
  if (!(await queries.claimTotpStep(ctx.db, attempt.contact.id, step))) {
    await countFailure(ctx, attempt, tokenAlreadyUsed());
  }
}

async function checkLogin(ctx: AppContext, input: Login, address: string, vouched: boolean): Promise<ContactRow> {
  const keys = throttleKeys(input.email, address);
  const contact = await findContactByEmail(ctx, input.email);
  if (!contact?.passwordHash) {
    return failSlowly(ctx, keys, loginFailed());
  }
  const attempt: Attempt = { contact, address, vouched, keys };
  // Compared before any refusal, so that a refusal takes as long as an answer.
  const passwordOk = await verifyPassword(contact.passwordHash, input.password);
  await refuseLockedOut(ctx, attempt);
  if (!passwordOk) {
    return countFailure(ctx, attempt, loginFailed());
  }

  const mfa = await queries.findMfa(ctx.db, contact.id);
  if (mfa) {
    if (!input.token) {
      throw new AppError("requires-2fa", {
        status: 401,
        message: "You have 2FA enabled, enter the token from your authenticator app to proceed",
      });
    }
    await checkCode(ctx, attempt, mfa, input.token);
  }
  // Only a full success forgets this address's failures, and not when a parallel attempt locked it out meanwhile.
  if (!(await queries.clearPairFailures(ctx.db, pairKey(contact, address), pairRule(ctx)))) {
    return failSlowly(ctx, keys, accountLocked());
  }
  await queries.clearThrottle(ctx.db, keys[0]!);
  return contact;
}

export interface VerifyOptions {
  /**
   * The caller has already shown something of the owner's: a live session of
   * this account, or a link sent to its email address. Such a check is not
   * refused when the account's budget for failures is spent.
   */
  vouched?: boolean;
}

/**
 * Checks email, password and (when enabled) the TOTP token. Returns the
 * contact on success; every failure is a coded AppError. Wrong passwords and
 * codes count against the client address on this account (which is then
 * locked out for a while), the account's budget, and the address's limits.
 */
export function verifyLogin(
  ctx: AppContext,
  input: Login,
  address: string,
  options: VerifyOptions = {},
): Promise<ContactRow> {
  return limitAttempts(ctx, address, () => checkLogin(ctx, input, address, options.vouched ?? false));
}

/**
 * Checks the current one-time code of a contact with 2FA outside the login
 * (turning 2FA off in a session, setting a new password through a reset
 * link): such callers are vouched for, so only a client address locked out
 * of the account is refused, and a wrong code counts like a wrong password.
 */
export function verifyCurrentCode(ctx: AppContext, contactId: string, token: string, address: string): Promise<void> {
  return limitAttempts(ctx, address, async () => {
    const contact = await findContactById(ctx, contactId);
    const mfa = await queries.findMfa(ctx.db, contactId);
    if (!contact || !mfa) throw invalidToken();
    const attempt: Attempt = { contact, address, vouched: true, keys: throttleKeys(contact.email, address) };
    await refuseLockedOut(ctx, attempt);
    await checkCode(ctx, attempt, mfa, token);
  });
}

/** Forgets failures and attempt counters whose time is over (run now and then). */
export async function sweepLoginCounters(ctx: Pick<AppContext, "db" | "clock">): Promise<void> {
  await queries.deleteStaleThrottle(ctx.db, new Date(ctx.clock.now().getTime() - THROTTLE_WINDOW));
  await sweepExpiredCounters(ctx);
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function sessionLifetimeMs(ctx: AppContext): number {
  return ctx.config.session.days * ONE_DAY;
}

/** Where a login comes from, for the person's list of sessions. */
export interface SessionClient {
  userAgent?: string | undefined;
  address?: string | undefined;
}

/** Creates a session row and returns the cookie value (never stored as is). */
export async function startSession(
  ctx: AppContext,
  contactId: string,
  client: SessionClient = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs(ctx));
  await queries.insertSession(ctx.db, {
    id: hashToken(token),
    ref: ctx.newId(),
    contactId,
    createdAt: now,
    expiresAt,
    lastUsedAt: now,
    userAgent: client.userAgent ? client.userAgent.slice(0, SESSION_USER_AGENT_MAX) : null,
    address: client.address ?? null,
  });
  return { token, expiresAt };
}

export async function endSession(ctx: AppContext, token: string): Promise<void> {
  await queries.deleteSession(ctx.db, hashToken(token));
}

export interface ResolvedSession {
  /** The session row's id (the hash of the cookie token). */
  id: string;
  contact: ContactRow;
  /** Set when the session was extended and the cookie should be sent again. */
  renewedUntil: Date | null;
}

/** Deletes the sessions that have expired (run now and then by the server). */
export async function sweepExpiredSessions(ctx: Pick<AppContext, "db" | "clock">): Promise<void> {
  await queries.deleteExpiredSessions(ctx.db, ctx.clock.now());
}

/**
 * Finds the live session behind a cookie. Sessions roll: an hour after the
 * last renewal they are extended to a full lifetime again. The contact's
 * `lastSeen` and the session's `lastUsedAt` are written at most once a minute.
 */
export async function resolveSession(ctx: AppContext, token: string): Promise<ResolvedSession | null> {
  const now = ctx.clock.now();
  const row = await queries.findLiveSession(ctx.db, hashToken(token), now);
  if (!row) return null;
  let renewedUntil: Date | null = null;
  const fullExpiry = now.getTime() + sessionLifetimeMs(ctx);
  if (fullExpiry - row.session.expiresAt.getTime() > ONE_HOUR) {
    renewedUntil = new Date(fullExpiry);
    await queries.extendSession(ctx.db, row.session.id, renewedUntil);
  }
  // Like the contact's last visit, the session's last use is written at most once a minute.
  const staleBefore = new Date(now.getTime() - SESSION_LAST_USED_INTERVAL);
  if (!row.session.lastUsedAt || row.session.lastUsedAt <= staleBefore) {
    await queries.touchSession(ctx.db, row.session.id, now, staleBefore);
  }
  if (!row.contact.lastSeen || now.getTime() - row.contact.lastSeen.getTime() > ONE_MINUTE) {
    await touchLastSeen(ctx, row.contact.id, now);
    row.contact.lastSeen = now;
  }
  return { id: row.session.id, contact: row.contact, renewedUntil };
}

export { hashToken };

/** Ends every session of a contact except `keepSessionId` (after a password change); answers how many ended. */
export function endOtherSessions(ctx: AppContext, contactId: string, keepSessionId: string | null): Promise<number> {
  return queries.deleteSessionsOfContact(ctx.db, contactId, keepSessionId);
}
