import { createHash, randomBytes } from "node:crypto";
import {
  ACCOUNT_LOCK_DURATION,
  LOGIN_ATTEMPT_LIMITS,
  SESSION_LAST_USED_INTERVAL,
  SESSION_USER_AGENT_MAX,
  type Login,
} from "@cohort/common/auth";
import { MAX_PASSWORD_TRIES } from "@cohort/common/contacts";
import { ONE_DAY, ONE_HOUR, ONE_MINUTE } from "@cohort/common/time";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { findContactByEmail, findContactById, type ContactRow } from "../contacts/records-service.js";
import { clientKey, releaseHit, sweepExpiredCounters, takeHit, withSlot } from "../throttle/service.js";
import { verifyPassword } from "./password.js";
import * as queries from "./queries.js";
import { matchTotpStep } from "./totp.js";

/** Failures are forgotten after this long without another one. */
const THROTTLE_WINDOW = 15 * ONE_MINUTE;
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

function isLocked(contact: ContactRow, now: Date): boolean {
  return contact.passwordTries >= MAX_PASSWORD_TRIES && contact.lockedUntil !== null && contact.lockedUntil > now;
}

/** Counts a wrong password or code against the account, then answers `error` (or account-locked) slowly. */
async function countFailure(ctx: AppContext, contactId: string, keys: string[], error: AppError): Promise<never> {
  const now = ctx.clock.now();
  const counted = await queries.recordLoginFailure(ctx.db, contactId, {
    now,
    maxTries: MAX_PASSWORD_TRIES,
    lockUntil: new Date(now.getTime() + ACCOUNT_LOCK_DURATION),
  });
  return failSlowly(ctx, keys, counted ? error : accountLocked());
}

/** Checks a current one-time code and uses it up; a wrong or used one counts like a wrong password. */
async function checkCode(
  ctx: AppContext,
  contactId: string,
  mfa: queries.MfaRow,
  token: string,
  keys: string[],
): Promise<void> {
  const step = matchTotpStep(mfa.secret, token, ctx.clock.now());
  if (step === null || !(await queries.claimTotpStep(ctx.db, contactId, step))) {
    await countFailure(ctx, contactId, keys, invalidToken());
  }
}

async function checkLogin(ctx: AppContext, input: Login, address: string): Promise<ContactRow> {
  const keys = throttleKeys(input.email, address);
  const contact = await findContactByEmail(ctx.db, input.email);
  if (!contact?.passwordHash) {
    return failSlowly(ctx, keys, loginFailed());
  }
  const passwordOk = await verifyPassword(contact.passwordHash, input.password);
  if (isLocked(contact, ctx.clock.now())) {
    return failSlowly(ctx, keys, accountLocked());
  }
  if (!passwordOk) {
    return countFailure(ctx, contact.id, keys, loginFailed());
  }

  const mfa = await queries.findMfa(ctx.db, contact.id);
  if (mfa) {
    if (!input.token) {
      throw new AppError("requires-2fa", {
        status: 401,
        message: "You have 2FA enabled, enter the token from your authenticator app to proceed",
      });
    }
    await checkCode(ctx, contact.id, mfa, input.token, keys);
  }
  // Only a full success forgets the failures, and not when a parallel attempt locked the account meanwhile.
  if (!(await queries.clearLoginFailures(ctx.db, contact.id, { now: ctx.clock.now(), maxTries: MAX_PASSWORD_TRIES }))) {
    return failSlowly(ctx, keys, accountLocked());
  }
  await queries.clearThrottle(ctx.db, keys[0]!);
  return contact;
}

/**
 * Checks email, password and (when enabled) the TOTP token. Returns the
 * contact on success; every failure is a coded AppError. Wrong passwords and
 * codes count towards the account's lock and the address's limits.
 */
export function verifyLogin(ctx: AppContext, input: Login, address: string): Promise<ContactRow> {
  return limitAttempts(ctx, address, () => checkLogin(ctx, input, address));
}

/**
 * Checks the current one-time code of a contact with 2FA outside the login
 * (turning 2FA off, setting a new password through a reset link): refused
 * while the account is locked, and a wrong code counts like a wrong password.
 */
export function verifyCurrentCode(ctx: AppContext, contactId: string, token: string, address: string): Promise<void> {
  return limitAttempts(ctx, address, async () => {
    const contact = await findContactById(ctx.db, contactId);
    const mfa = await queries.findMfa(ctx.db, contactId);
    if (!contact || !mfa) throw invalidToken();
    const keys = throttleKeys(contact.email, address);
    if (isLocked(contact, ctx.clock.now())) return failSlowly(ctx, keys, accountLocked());
    await checkCode(ctx, contactId, mfa, token, keys);
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
    await queries.touchLastSeen(ctx.db, row.contact.id, now);
    row.contact.lastSeen = now;
  }
  return { id: row.session.id, contact: row.contact, renewedUntil };
}

export { hashToken };

/** Ends every session of a contact except `keepSessionId` (after a password change); answers how many ended. */
export function endOtherSessions(ctx: AppContext, contactId: string, keepSessionId: string | null): Promise<number> {
  return queries.deleteSessionsOfContact(ctx.db, contactId, keepSessionId);
}
