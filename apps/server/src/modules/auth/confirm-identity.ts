import type { IdentityProof } from "@cohort/common/auth";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { invalidField } from "../../http/parse.js";
import type { ContactRow } from "../contacts/records/service.js";
import * as queries from "./queries.js";
import { verifyCurrentCode, verifyLogin } from "./service.js";

const CURRENT_PASSWORD = "currentPassword";
const TOKEN = "token";

const currentPasswordMissing = () =>
  invalidField(
    CURRENT_PASSWORD,
    { key: "account.password.currentRequired" },
    { rule: "isNotEmpty", summary: "Enter your current password to confirm this change." },
  );

/** 400, not 401: a wrong answer here must not read as "logged out". */
const wrongPassword = () =>
  invalidField(
    CURRENT_PASSWORD,
    { key: "errors.wrongPassword" },
    { rule: "matches", code: "wrong-password", summary: "The current password is not correct." },
  );

const codeMissing = () =>
  invalidField(
    TOKEN,
    { key: "validation.codeRequired" },
    { rule: "isNotEmpty", code: "missing-token", summary: "Enter the code from your authenticator app." },
  );

const wrongCode = () =>
  invalidField(
    TOKEN,
    { key: "errors.invalidToken" },
    { rule: "matches", code: "invalid-token", summary: "Invalid 2FA token" },
  );

const usedCode = () =>
  invalidField(
    TOKEN,
    { key: "errors.tokenAlreadyUsed" },
    { rule: "matches", code: "token-already-used", summary: "This code was just used" },
  );

/** The login's answers, as 400s with a field error on what to give again. */
function asProofError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  switch (error.code) {
    case "login-failed":
      return wrongPassword();
    case "requires-2fa":
      return codeMissing();
    case "invalid-token":
      return wrongCode();
    case "token-already-used":
      return usedCode();
    case "account-locked":
      // A locked account is still locked; 400 so that the session is not dropped.
      return new AppError(error.code, { status: 400, message: error.message });
    default:
      return error;
  }
}

/**
 * Checks that the person behind a session is the contact, before a change
 * that would let a borrowed session keep the account (decision 051): their
 * own password, email address, two-step login or a new API key. The current
 * password and, when two-step login is on, the current code are checked
 * exactly as at login: slowed down, counted towards the lock and the
 * address's limits. Someone who has no password yet (a new member setting
 * their first one) gives only the code, if they have two-step login.
 */
export async function confirmIdentity(
  ctx: AppContext,
  contact: Pick<ContactRow, "id" | "email" | "passwordHash">,
  proof: IdentityProof,
  address: string,
): Promise<void> {
  try {
    if (contact.passwordHash) {
      if (!proof.currentPassword) throw currentPasswordMissing();
      // Asked within a session of the account: a stranger's failures elsewhere do not hold it back (decision 050).
      await verifyLogin(ctx, { email: contact.email, password: proof.currentPassword, token: proof.token }, address, {
        vouched: true,
      });
      return;
    }
    if (!(await queries.findMfa(ctx.db, contact.id))) return;
    if (!proof.token) throw codeMissing();
    await verifyCurrentCode(ctx, contact.id, proof.token, address);
  } catch (error) {
    throw asProofError(error);
  }
}
