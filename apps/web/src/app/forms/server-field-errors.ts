import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ClientError } from "../../api/client-error";

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
    const message = Object.values(fieldError.constraints)[0];
    if (!field) continue;
    setError(field, { type: "server", message: message ?? "" }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
