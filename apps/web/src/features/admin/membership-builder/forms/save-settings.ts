import type { FieldValues, UseFormSetError } from "react-hook-form";
import { isClientError } from "../../../../api/client-error";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { notifications } from "../../../../app/notifications/notification-store";
import { applyJoinServerErrors } from "./server-errors";

interface SaveSettingsOptions<T extends FieldValues, Saved> {
  save: () => Promise<Saved>;
  /** Takes the saved settings (into the query cache and the form). */
  onSaved: (saved: Saved) => void;
  /** The toast's title once saved. */
  savedTitle: string;
  /** The form's top-level fields, where the server's field errors may go. */
  fields: readonly string[];
  setError: UseFormSetError<T>;
  setFormError: (message: ErrorMessageKey | null) => void;
  /** Turns a property the server names into the form's path. */
  toFormPath?: (property: string) => string;
}

/**
 * Saves a builder tab: on success hands the saved settings on and says so; a refusal goes
 * beside its fields, or above the form when no field is named. Server
 * failures (5xx) are already shown by the app's error notification.
 */
export async function saveSettings<T extends FieldValues, Saved>(options: SaveSettingsOptions<T, Saved>) {
  options.setFormError(null);
  try {
    options.onSaved(await options.save());
    notifications.addToast({ variant: "success", title: options.savedTitle });
    return true;
  } catch (failure) {
    if (isClientError(failure) && failure.httpCode >= 500) return false;
    const { fields, setError, toFormPath } = options;
    if (isClientError(failure) && applyJoinServerErrors(failure, fields, setError, toFormPath)) return false;
    options.setFormError(messageForError(failure));
    return false;
  }
}
