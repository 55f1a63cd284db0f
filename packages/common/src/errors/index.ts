/**
 * Every error code a client can receive. The strings are part of the wire
 * contract: never rename one, only add.
 */
export const errorCodes = [
  // Authentication and sessions
  "login-failed",
  "account-locked",
  "requires-2fa",
  "invalid-token",
  // A right code that was already used (to log in or to switch 2FA on): wait for the next one
  "token-already-used",
  "mfa-token-required",
  "missing-token",
  "mfa-already-enabled",
  "wrong-password",
  "not-authenticated",
  // Reset links
  "wrong-type",
  "forbidden",
  "missing-requested-with",
  // Request shape
  "invalid-request",
  "invalid-json",
  "body-required",
  "not-found",
  "route-not-found",
  "unsupported-media-type",
  "payload-too-large",
  // An address that would send people away from Cohort (a link in an email, a redirect)
  "untrusted-url",
  // Contacts
  "duplicate-email",
  "duplicate-tag-name",
  "invalid-rule",
  // Contributions
  "cant-update-contribution",
  "no-payment-method",
  "payment-provider-unavailable",
  // Callouts
  "duplicate-id",
  "invalid-callout-response",
  "captcha-required",
  "captcha-failed",
  "variant-not-found",
  // A column of an answers import that names no input of the form taking text
  "invalid-import-column",
  // Maps
  "geocoding-unavailable",
  "map-basemap-missing",
  "map-file-invalid",
  "map-file-too-large",
  "map-file-in-use",
  "upload-offset-mismatch",
  // Setup
  "setup-complete",
  "invalid-setup-token",
  // Uploads and rate limits
  "FILE_TOO_LARGE",
  "image-too-large",
  "RATE_LIMIT_EXCEEDED",
  "too-many-requests",
  // Emails written to many contacts
  "mailing-not-editable",
  "mailing-not-scheduled",
  "invalid-unsubscribe-link",
  // Retries
  "idempotency-key-reused",
  // Newsletter
  "newsletter-not-configured",
  // Webhooks out: an endpoint address that may not be used (not https, or not a public address)
  "invalid-webhook-url",
  // Anything else
  "internal-error",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

// The wire shapes live apart from the codes, so that reading a code does not load zod.
export * from "./schemas.js";

/** Server-side error names, compatible with the reference API. */
export function errorNameForStatus(status: number): string {
  switch (status) {
    case 400:
      return "BadRequestError";
    case 401:
      return "UnauthorizedError";
    case 403:
      return "ForbiddenError";
    case 404:
      return "NotFoundError";
    case 409:
      return "ConflictError";
    case 413:
      return "PayloadTooLargeError";
    case 415:
      return "UnsupportedMediaTypeError";
    case 422:
      return "ValidationError";
    case 429:
      return "TooManyRequestsError";
    default:
      return status >= 500 ? "InternalServerError" : "HttpError";
  }
}

/** Client-side error names derived from the status (spec section 8). */
export type ClientErrorName =
  | "bad request"
  | "unauthorized"
  | "forbidden"
  | "not found"
  | "conflict"
  | "validation"
  | "too many requests"
  | "internal server error"
  | "bad gateway"
  | "service unavailable"
  | "gateway timeout"
  | "server error"
  | "client error";

export function clientErrorName(status: number): ClientErrorName {
  switch (status) {
    case 400:
      return "bad request";
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "not found";
    case 409:
      return "conflict";
    case 422:
      return "validation";
    case 429:
      return "too many requests";
    case 500:
      return "internal server error";
    case 502:
      return "bad gateway";
    case 503:
      return "service unavailable";
    case 504:
      return "gateway timeout";
    default:
      return status >= 500 ? "server error" : "client error";
  }
}
