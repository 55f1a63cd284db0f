import { createHash, randomBytes } from "node:crypto";
import type { Login } from "@cohort/common/auth";
import { MAX_PASSWORD_TRIES } from "@cohort/common/contacts";
import { ONE_DAY, ONE_HOUR, ONE_MINUTE } from "@cohort/common/time";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { findContactByEmail, type ContactRow } from "../contacts/queries.js";
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
  return [`account:${email}`, `address:${address}`];
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
const accountLocked = () =>
  new AppError("account-locked", {
    status: 401,
    message:
      "Account locked due to too many failed login attempts. Please reset your password or contact support for help.",
  });

/**
 * Checks email, password and (when enabled) the TOTP token. Returns the
 * contact on success; every failure is a coded AppError.
 */
export async function verifyLogin(ctx: AppContext, input: Login, address: string): Promise<ContactRow> {
  const keys = throttleKeys(input.email, address);
  const contact = await findContactByEmail(ctx.db, input.email);
  if (!contact?.passwordHash) {
    return failSlowly(ctx, keys, loginFailed());
  }
  const passwordOk = await verifyPassword(contact.passwordHash, input.password);
  if (contact.passwordTries >= MAX_PASSWORD_TRIES) {
    await queries.incrementPasswordTries(ctx.db, contact.id);
    return failSlowly(ctx, keys, accountLocked());
  }
  if (!passwordOk) {
    await queries.incrementPasswordTries(ctx.db, contact.id);
    return failSlowly(ctx, keys, loginFailed());
  }
  await queries.resetPasswordTries(ctx.db, contact.id);

  const mfa = await queries.findMfa(ctx.db, contact.id);
  if (mfa) {
    if (!input.token) {
      throw new AppError("requires-2fa", {
        status: 401,
        message: "You have 2FA enabled, enter the token from your authenticator app to proceed",
      });
    }
    const step = matchTotpStep(mfa.secret, input.token, ctx.clock.now());
    if (step === null || !(await queries.claimTotpStep(ctx.db, contact.id, step))) {
      throw new AppError("invalid-token", { status: 401, message: "Invalid 2FA token" });
    }
  }
  await queries.clearThrottle(ctx.db, keys[0]!);
  return contact;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function sessionLifetimeMs(ctx: AppContext): number {
  return ctx.config.session.days * ONE_DAY;
}

/** Creates a session row and returns the cookie value (never stored as is). */
export async function startSession(ctx: AppContext, contactId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs(ctx));
  await queries.insertSession(ctx.db, { id: hashToken(token), contactId, createdAt: now, expiresAt });
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

/**
 * Finds the live session behind a cookie. Sessions roll: an hour after the
 * last renewal they are extended to a full lifetime again. `lastSeen` is
 * written at most once a minute.
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
  if (!row.contact.lastSeen || now.getTime() - row.contact.lastSeen.getTime() > ONE_MINUTE) {
    await queries.touchLastSeen(ctx.db, row.contact.id, now);
    row.contact.lastSeen = now;
  }
  return { id: row.session.id, contact: row.contact, renewedUntil };
}

export { hashToken };

/** Ends every session of a contact except `keepSessionId` (after a password change). */
export async function endOtherSessions(
  ctx: AppContext,
  contactId: string,
  keepSessionId: string | null,
): Promise<void> {
  await queries.deleteSessionsOfContact(ctx.db, contactId, keepSessionId);
}
