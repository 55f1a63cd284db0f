import { isClientError } from "../../../../api/client-error";
import { messageForError } from "../../../../api/error-messages";

/**
 * Why a role change failed. The server refuses to take away the last admin
 * (400 without field errors) and lets only a superadmin grant superadmin (403).
 */
export function roleErrorKey(error: unknown): string {
  if (isClientError(error)) {
    if (error.httpCode === 403) return "admin.contacts.roles.superadminOnly";
    if (error.httpCode === 400 && error.code === "invalid-request" && error.errors.length === 0) {
      return "admin.contacts.roles.lastAdmin";
    }
    if (error.errors.some((fieldError) => fieldError.property === "dateExpires")) return "validation.expiryAfterStart";
  }
  return messageForError(error);
}
