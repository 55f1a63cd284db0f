import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import type { ContactRow } from "../contacts/queries.js";
import { verifyLogin } from "./service.js";

const CURRENT_PASSWORD = "currentPassword";

const currentPasswordMissing = () =>
  new AppError("invalid-request", {
    status: 400,
    message: "Enter your current password to choose a new one.",
    details: [
      { property: CURRENT_PASSWORD, constraints: { isNotEmpty: "Current password is required" }, children: [] },
    ],
  });

/** 400, not 401: a wrong answer here must not read as "logged out". */
const wrongPassword = () =>
  new AppError("wrong-password", {
    status: 400,
    message: "The current password is not correct.",
    details: [
      { property: CURRENT_PASSWORD, constraints: { matches: "The current password is not correct" }, children: [] },
    ],
  });

/**
 * Checks the password someone gives to prove it is them before they change
 * their own password. It is checked exactly as at login, so wrong guesses
 * are slowed down and count towards the lock. Someone who has no password
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
    await verifyLogin(ctx, { email: contact.email, password: currentPassword }, address);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Being asked for the code means the password was right, which is all this step checks.
    if (error.code === "requires-2fa") return;
    if (error.code === "login-failed") throw wrongPassword();
    throw error;
  }
}
