import { isClientError } from "../../../api/client-error";
import type { ErrorMessageKey } from "../../../api/error-messages";
import { messageForError } from "../../../api/error-messages";

/** Why a response was refused, in words the respondent can act on. */
export function submitErrorKey(error: unknown): ErrorMessageKey | `callouts.refusals.${string}` {
  if (isClientError(error) && error.code === "invalid-callout-response") {
    switch (error.subCode) {
      case "closed":
      case "cant-update":
      case "expired-user":
      case "guest-fields-missing":
      case "invalid-answers":
        return `callouts.refusals.${error.subCode}`;
    }
  }
  return isClientError(error) ? messageForError(error) : "errors.calloutSubmit";
}
