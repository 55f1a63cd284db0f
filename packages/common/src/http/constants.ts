export const API_PREFIX = "/api/1.0";
/** Sent by the web client on every request; required on cookie-authenticated writes. */
export const REQUESTED_WITH_HEADER = "x-requested-with";
export const REQUESTED_WITH_VALUE = "XMLHttpRequest";
/** `<version> / <revision>`, sent by the client and on every server response. */
export const VERSION_HEADER = "x-cohort-version";
/** Lets an API key act as one contact (reference compatible). */
export const CONTACT_ID_HEADER = "x-contact-id";
/**
 * A client-chosen key that makes a submission safe to retry: the same key
 * (on the same route, from the same caller) gets the first answer again
 * instead of a second response or join.
 */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Set to `true` on an answer that repeats the stored first answer to the same key. */
export const IDEMPOTENT_REPLAY_HEADER = "idempotent-replayed";
/** Printable ASCII without spaces: a UUID, a ULID or any token of the client's making. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]+$/;

export const sortOrders = ["ASC", "DESC"] as const;

/** The interactive reference of the API, a page the server serves beside the web app (decision 063). */
export const API_REFERENCE_PATH = "/admin/api-reference";
