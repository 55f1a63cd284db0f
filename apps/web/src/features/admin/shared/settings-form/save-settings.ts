import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ClientError } from "../../../../api/client-error";
import { isClientError } from "../../../../api/client-error";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { applyServerFieldErrors, serverFieldMessage } from "../../../../app/forms/server-field-errors";
import { notifications } from "../../../../app/notifications/notification-store";

/** Where the server's field errors go on a settings form. */
export interface FieldErrorPlaces {
  /** The form's top-level fields. */
  fields: readonly string[];
  /**
   * Whether an error on a part of a field (`periods.1.amount`) goes beside that part; when
   * false, only an error naming a field itself goes beside it, any other above the form.
   */
  nested: boolean;
  /** Turns a property the server names into the form's path (where errors on parts of fields go). */
  toFormPath?: (property: string) => string;
}

/** Puts the server's field errors beside the form's fields. Returns whether any field got one. */
export function placeFieldErrors<T extends FieldValues>(
  error: ClientError,
  places: FieldErrorPlaces,
  setError: UseFormSetError<T>,
): boolean {
  if (!places.nested) return applyServerFieldErrors(error, places.fields as readonly Path<T>[], setError);
  let applied = false;
  for (const fieldError of error.errors) {
    const path = places.toFormPath ? places.toFormPath(fieldError.property) : fieldError.property;
    if (!places.fields.includes(path.split(".")[0] ?? "")) continue;
    setError(path as Path<T>, { type: "server", message: serverFieldMessage(fieldError) }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/**
 * Saves a settings form: on success hands the saved settings on and says so; a refusal goes
 * beside its fields, or above the form. Server failures (5xx) are already shown by the app's
 * error notification.
 */
export async function saveSettingsForm<T extends FieldValues, Saved>(options: {
  save: () => Promise<Saved>;
  onSaved: (saved: Saved) => void | Promise<void>;
  savedTitle: string;
  places: FieldErrorPlaces;
  setError: UseFormSetError<T>;
  setFormError: (message: ErrorMessageKey | null) => void;
}): Promise<void> {
  options.setFormError(null);
  try {
    await options.onSaved(await options.save());
    notifications.addToast({ variant: "success", title: options.savedTitle });
  } catch (failure) {
    if (isClientError(failure) && failure.httpCode >= 500) return;
    if (isClientError(failure) && placeFieldErrors(failure, options.places, options.setError)) return;
    options.setFormError(messageForError(failure));
  }
}
