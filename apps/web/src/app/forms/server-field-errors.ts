import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { FieldError } from "@cohort/common/errors";
import type { ClientError } from "../../api/client-error";
import { keyedMessage } from "./validation-message";

/**
 * A server field error as a form message: its key with its values (a text
 * without a key shows as the general message).
 */
export function serverFieldMessage(fieldError: FieldError): string {
  return fieldError.key
    ? keyedMessage(fieldError.key, fieldError.params)
    : (Object.values(fieldError.constraints)[0] ?? "");
}

/**
 * Puts the server's field errors under the matching inputs. Returns whether
 * any field got one.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: ClientError,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  let applied = false;
  for (const fieldError of error.errors) {
    const field = fields.find((name) => name === fieldError.property);
    if (!field) continue;
    setError(field, { type: "server", message: serverFieldMessage(fieldError) }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
