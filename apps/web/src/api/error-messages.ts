import type { ErrorCode } from "@cohort/common/errors";
import { isClientError, isErrorCode } from "./client-error";

/** i18n keys of the messages people see when something fails. */
export type ErrorMessageKey =
  | "errors.generic"
  | "errors.unauthorized"
  | "errors.serverError"
  | "errors.notAuthenticated"
  | "errors.notFound"
  | "errors.conflict"
  | "errors.invalidRequest"
  | "errors.tooManyRequests"
  | "errors.geocodingUnavailable"
  | "errors.mapBasemapMissing"
  | "errors.newsletterNotConfigured"
  | "errors.invalidWebhookUrl"
  | "errors.invalidImportColumn"
  | "errors.mapFileInvalid"
  | "errors.mapFileTooLarge"
  | "errors.mapFileInUse"
  | "errors.loginFailed"
  | "errors.accountLocked"
  | "errors.invalidToken"
  | "errors.tokenAlreadyUsed"
  | "errors.mfaRequired"
  | "errors.missingToken"
  | "errors.mfaAlreadyEnabled"
  | "errors.wrongPassword"
  | "errors.wrongResetLink"
  | "errors.duplicateEmail"
  | "errors.duplicateTagName"
  | "errors.invalidRule"
  | "errors.cantUpdateContribution"
  | "errors.noPaymentMethod"
  | "errors.paymentProviderUnavailable"
  | "errors.setupComplete"
  | "errors.invalidSetupToken"
  | "errors.fileTooLarge"
  | "errors.imageTooLarge"
  | "errors.uploadRateLimit"
  | "errors.payloadTooLarge"
  | "errors.duplicateSlug"
  | "errors.calloutSubmit"
  | "errors.captchaRequired"
  | "errors.captchaFailed"
  | "errors.mailingNotEditable"
  | "errors.mailingNotScheduled"
  | "errors.invalidUnsubscribeLink";

function assertNever(value: never): never {
  throw new Error(`Unhandled error code: ${String(value)}`);
}

/**
 * The message for each error code. Adding a code to the shared list without a
 * message here is a compile error.
 */
export function errorMessage(code: ErrorCode): ErrorMessageKey {
  switch (code) {
    case "login-failed":
      return "errors.loginFailed";
    case "account-locked":
      return "errors.accountLocked";
    case "requires-2fa":
    case "mfa-token-required":
      return "errors.mfaRequired";
    case "invalid-token":
      return "errors.invalidToken";
    case "token-already-used":
      return "errors.tokenAlreadyUsed";
    case "missing-token":
      return "errors.missingToken";
    case "mfa-already-enabled":
      return "errors.mfaAlreadyEnabled";
    case "wrong-password":
      return "errors.wrongPassword";
    case "wrong-type":
      return "errors.wrongResetLink";
    case "not-authenticated":
      return "errors.notAuthenticated";
    case "forbidden":
      return "errors.unauthorized";
    // `untrusted-url`: only a client that builds its own links meets it; the web app's are on the site.
    case "invalid-request":
    case "untrusted-url":
      return "errors.invalidRequest";
    case "not-found":
      return "errors.notFound";
    case "duplicate-email":
      return "errors.duplicateEmail";
    case "duplicate-tag-name":
      return "errors.duplicateTagName";
    case "invalid-rule":
      return "errors.invalidRule";
    case "cant-update-contribution":
      return "errors.cantUpdateContribution";
    case "no-payment-method":
      return "errors.noPaymentMethod";
    case "payment-provider-unavailable":
      return "errors.paymentProviderUnavailable";
    case "duplicate-id":
      return "errors.duplicateSlug";
    case "invalid-callout-response":
      return "errors.calloutSubmit";
    case "captcha-required":
      return "errors.captchaRequired";
    case "captcha-failed":
      return "errors.captchaFailed";
    case "variant-not-found":
      return "errors.notFound";
    case "invalid-import-column":
      return "errors.invalidImportColumn";
    case "geocoding-unavailable":
      return "errors.geocodingUnavailable";
    case "map-basemap-missing":
      return "errors.mapBasemapMissing";
    case "newsletter-not-configured":
      return "errors.newsletterNotConfigured";
    case "invalid-webhook-url":
      return "errors.invalidWebhookUrl";
    case "map-file-invalid":
      return "errors.mapFileInvalid";
    case "map-file-too-large":
      return "errors.mapFileTooLarge";
    case "map-file-in-use":
      return "errors.mapFileInUse";
    case "setup-complete":
      return "errors.setupComplete";
    case "invalid-setup-token":
      return "errors.invalidSetupToken";
    case "FILE_TOO_LARGE":
      return "errors.fileTooLarge";
    case "image-too-large":
      return "errors.imageTooLarge";
    case "payload-too-large":
      return "errors.payloadTooLarge";
    case "RATE_LIMIT_EXCEEDED":
      return "errors.uploadRateLimit";
    case "too-many-requests":
      return "errors.tooManyRequests";
    case "mailing-not-editable":
      return "errors.mailingNotEditable";
    case "mailing-not-scheduled":
      return "errors.mailingNotScheduled";
    case "invalid-unsubscribe-link":
      return "errors.invalidUnsubscribeLink";
    case "internal-error":
      return "errors.serverError";
    // Failures of the app itself, not of what the person did.
    case "missing-requested-with":
    case "invalid-json":
    case "body-required":
    case "route-not-found":
    case "unsupported-media-type":
    case "idempotency-key-reused":
    case "upload-offset-mismatch":
      // The page's uploader meets the last one, asks where to go on and resumes: it is not shown.
      return "errors.generic";
    default:
      return assertNever(code);
  }
}

/** Fallback when a failure carries no code the app knows. */
export function statusMessage(httpCode: number): ErrorMessageKey {
  if (httpCode >= 500) return "errors.serverError";
  switch (httpCode) {
    case 400:
    case 422:
      return "errors.invalidRequest";
    case 401:
      return "errors.notAuthenticated";
    case 403:
      return "errors.unauthorized";
    case 404:
      return "errors.notFound";
    case 409:
      return "errors.conflict";
    case 413:
      return "errors.payloadTooLarge";
    case 429:
      return "errors.tooManyRequests";
    default:
      return "errors.generic";
  }
}

/** The message key for any thrown value. */
export function messageForError(error: unknown): ErrorMessageKey {
  if (!isClientError(error)) return "errors.generic";
  return isErrorCode(error.code) ? errorMessage(error.code) : statusMessage(error.httpCode);
}
