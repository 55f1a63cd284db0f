import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { invalidField } from "../../http/parse.js";
import type { ContactRow } from "../contacts/records-service.js";
import { verifyLogin } from "./service.js";

const CURRENT_PASSWORD = "currentPassword";

const currentPasswordMissing = () =>
  invalidField(
    CURRENT_PASSWORD,
    { key: "account.password.currentRequired" },
    { rule: "isNotEmpty", summary: "Enter your current password to choose a new one." },
  );

/** 400, not 401: a wrong answer here must not read as "logged out". */
const wrongPassword = () =>
  invalidField(
    CURRENT_PASSWORD,
    { key: "errors.wrongPassword" },
    { rule: "matches", code: "wrong-password", summary: "The current password is not correct." },
  );

/**
 * Checks the password someone gives to prove it is them before they change
 * their own password. It is checked as at login, so wrong guesses are
 * slowed down and count towards the lock of the caller's address. Someone who has no password
 * yet (a new member setting their first one) has nothing to prove.
 */
export async function confirmCurrentPassword(
  ctx: AppContext,
  contact: Pick<ContactRow, "email" | "passwordHash">,
  currentPassword: string | undefined,
  address: string,
): Promise<void> {
  if (!contact.passwordHash) return;
  if (!currentPassword) throw currentPasswordMissing();
  try {
    // Asked within a session of the account: a stranger's failures elsewhere do not hold it back.
    await verifyLogin(ctx, { email: contact.email, password: currentPassword }, address, { vouched: true });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Being asked for the code means the password was right, which is all this step checks.
    if (error.code === "requires-2fa") return;
    if (error.code === "login-failed") throw wrongPassword();
    throw error;
  }
}
