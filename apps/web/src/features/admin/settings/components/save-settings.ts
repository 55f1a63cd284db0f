import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isClientError } from "../../../../api/client-error";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { applyServerFieldErrors } from "../../../../app/forms/server-field-errors";
import { notifications } from "../../../../app/notifications/notification-store";

/**
 * Saves a settings tab: on success hands the saved settings on and says so; a
 * refusal goes beside its field, or above the form. Server failures (5xx) are
 * already shown by the app's error notification.
 */
export async function saveSettingsTab<T extends FieldValues, Saved>(options: {
  save: () => Promise<Saved>;
  onSaved: (saved: Saved) => void | Promise<void>;
  savedTitle: string;
  fields: readonly Path<T>[];
  setError: UseFormSetError<T>;
  setFormError: (message: ErrorMessageKey | null) => void;
}): Promise<void> {
  options.setFormError(null);
  try {
    await options.onSaved(await options.save());
    notifications.addToast({ variant: "success", title: options.savedTitle });
  } catch (failure) {
    if (isClientError(failure) && failure.httpCode >= 500) return;
    if (isClientError(failure) && applyServerFieldErrors(failure, options.fields, options.setError)) return;
    options.setFormError(messageForError(failure));
  }
}
