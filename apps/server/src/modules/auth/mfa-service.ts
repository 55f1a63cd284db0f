import type { ContactMfa, CreateContactMfa, DeleteContactMfa } from "@cohort/common/auth";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import { AppError, notFound } from "../../http/errors.js";
import * as queries from "./queries.js";
import { findContactById } from "../contacts/records/service.js";
import { confirmIdentity } from "./confirm-identity.js";
import { matchTotpStep } from "./totp.js";

/**
 * 400, not 401 as at login: these calls come from a logged-in person, and a
 * 401 would read as "logged out" (as `wrong-password` in decision 017).
 */
const invalidToken = () => new AppError("invalid-token", { status: 400, message: "Invalid 2FA token" });

const alreadyEnabled = () =>
  new AppError("mfa-already-enabled", { status: 409, message: "Two-factor authentication is already enabled." });

export async function getMfa(ctx: AppContext, contactId: string): Promise<ContactMfa | null> {
  const mfa = await queries.findMfa(ctx.db, contactId);
  return mfa ? { id: mfa.id, type: mfa.type } : null;
}

/** Removes the contact's second factor without a code (a reset link); false when there was none. */
export function removeMfa(ctx: AppContext, contactId: string): Promise<boolean> {
  return queries.deleteMfa(ctx.db, contactId);
}

/** Turns on TOTP once the person has shown their app produces valid codes for the secret. */
export async function enableMfa(ctx: AppContext, contactId: string, input: CreateContactMfa): Promise<void> {
  const secret = input.secret.toUpperCase().replace(/=+$/, "");
  const step = matchTotpStep(secret, input.token, ctx.clock.now());
  if (step === null) throw invalidToken();
  if (await queries.findMfa(ctx.db, contactId)) throw alreadyEnabled();
  try {
    await queries.insertMfa(ctx.db, { contactId, id: ctx.newId(), type: input.type, secret, lastUsedStep: step });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyEnabled();
    throw error;
  }
}

/**
 * Turns 2FA off. People removing their own give their current password and a
 * current code (checked and counted as at login, decision 051); an admin
 * removing someone else's (a lost device) does not.
 */
export async function disableMfa(
  ctx: AppContext,
  contactId: string,
  input: DeleteContactMfa,
  options: { isSelf: boolean; address: string },
): Promise<void> {
  const mfa = await queries.findMfa(ctx.db, contactId);
  if (!mfa) throw notFound("Contact has no 2FA");
  if (options.isSelf) {
    const contact = await findContactById(ctx, contactId);
    if (!contact) throw notFound("No contact with that id");
    await confirmIdentity(ctx, contact, input, options.address);
  }
  await queries.deleteMfa(ctx.db, contactId);
}
