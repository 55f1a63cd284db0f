export const API_PREFIX = "/api/1.0";
/** Sent by the web client on every request; required on cookie-authenticated writes. */
export const REQUESTED_WITH_HEADER = "x-requested-with";
export const REQUESTED_WITH_VALUE = "XMLHttpRequest";
/** `<version> / <revision>`, sent by the client and on every server response. */
export const VERSION_HEADER = "x-cohort-version";
/** Lets an API key act as one contact (reference compatible). */
export const CONTACT_ID_HEADER = "x-contact-id";

export const sortOrders = ["ASC", "DESC"] as const;
