import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ClientError } from "../../../../api/client-error";
import { serverFieldMessage } from "../../../../app/forms/server-field-errors";

/**
 * Puts the server's field errors beside the form's fields. `toFormPath` turns
 * the property the server names into the form's path. Returns whether any
 * field got one.
 */
export function applyJoinServerErrors<T extends FieldValues>(
  error: ClientError,
  fields: readonly string[],
  setError: UseFormSetError<T>,
  toFormPath: (property: string) => string = (property) => property,
): boolean {
  let applied = false;
  for (const fieldError of error.errors) {
    const path = toFormPath(fieldError.property);
    if (!fields.includes(path.split(".")[0] ?? "")) continue;
    setError(path as Path<T>, { type: "server", message: serverFieldMessage(fieldError) }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
