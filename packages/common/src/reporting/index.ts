/**
 * Error reports (web app and server) leave out personal data: this module
 * cleans a report before it is sent. It knows the shape of a Sentry event only
 * loosely, so it works on any JSON-like value (decision 033).
 */

import { isUuid } from "../http/ids.js";

/** The most breadcrumbs (steps before an error) one report keeps. */
export const MAX_BREADCRUMBS = 20;

/** What replaces a removed value. */
export const REMOVED = "[removed]";

/** Keys whose values are never sent, wherever they appear (the client-address headers a proxy adds among them). */
const SECRET_KEY =
  /^(answers?|body|cookies?|set-cookie|authorization|proxy-authorization|x-api-key|password\w*|new_?password|email\w*|ip_address|username|phone\w*|\w*token\w*|\w*secret\w*|captcha\w*|forwarded|x-forwarded-for|x-real-ip|x-client-ip|cf-connecting-ip|true-client-ip)$/i;

/** Query and form parameters whose values are never sent. */
const SECRET_PARAM = /token|key|secret|password|passwd|code|email|session|auth|sig|answer|captcha/i;

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/** An email address in a URL, its `@` written as `%40`. */
const ENCODED_EMAIL = /[\w.%+-]+%40[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/gi;
const CREDENTIALS = /\b(bearer|basic)\s+[\w.~+/=-]+/gi;
/** A parameter of a query string, which may also stand alone (a breadcrumb's `url.query`). */
const PARAM = /(^|[?&;])([^=&#\s"'?;]+)=([^&#\s"']*)/g;
/** Long runs of letters and digits: session ids, reset tokens, API keys. */
const LONG_TOKEN = /\b[A-Za-z0-9_-]{32,}\b/g;

/** Secrets that are part of a path: the newsletter webhook's address (decision 065). */
const SECRET_PATH = /(\/newsletter\/webhook\/)[^/?#\s"']+/g;

/** A path or URL with the secrets it carries in its segments removed; logs and reports both use it. */
export function redactSecretPaths(text: string): string {
  return text.replace(SECRET_PATH, `$1${REMOVED}`);
}

/** A text with email addresses, credentials, token-like runs and secret query parameters taken out. */
export function scrubText(text: string): string {
  return redactSecretPaths(text)
    .replace(EMAIL, "[email]")
    .replace(ENCODED_EMAIL, "[email]")
    .replace(CREDENTIALS, (_match, scheme: string) => `${scheme} ${REMOVED}`)
    .replace(PARAM, (match, separator: string, name: string) =>
      SECRET_PARAM.test(name) ? `${separator}${name}=${REMOVED}` : match,
    )
    .replace(LONG_TOKEN, (run) => (isUuid(run) ? run : REMOVED));
}

const MAX_DEPTH = 12;

/** Keys of the report's own ids and code locations, which look like tokens but are none. */
const KEPT_AS_IS =
  /^(event_id|trace_id|span_id|parent_span_id|replay_id|sid|debug_id|release|dist|filename|abs_path|module|function)$/;

/** A copy of a JSON-like value with every text scrubbed and every secret key's value removed. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return REMOVED;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEY.test(key)) result[key] = REMOVED;
    else if (KEPT_AS_IS.test(key) && typeof item === "string") result[key] = item;
    else result[key] = scrubValue(item, depth + 1);
  }
  return result;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;

/** The request of a report without its body, cookies or credentials; query strings keep harmless parameters only. */
function scrubRequest(request: Json): Json {
  const { data: _data, cookies: _cookies, ...rest } = request;
  const headers = isObject(rest.headers)
    ? Object.fromEntries(Object.entries(rest.headers).filter(([name]) => !SECRET_KEY.test(name)))
    : undefined;
  const query = rest.query_string;
  return {
    ...rest,
    ...(headers ? { headers } : {}),
    ...(typeof query === "string" ? { query_string: scrubText(`?${query}`).slice(1) } : {}),
    ...(isObject(query) || Array.isArray(query) ? { query_string: REMOVED } : {}),
  };
}

/**
 * A report fit to send: no emails, answers, tokens, cookies, request bodies or
 * secret query parameters; the user only by id; at most `MAX_BREADCRUMBS` breadcrumbs.
 * Used as the SDK's `beforeSend` (and `beforeBreadcrumb`) on the web and the server.
 */
export function scrubEvent<T extends object>(event: T): T {
  const { request, user, breadcrumbs, sdkProcessingMetadata, ...rest } = event as Json;
  const scrubbed = scrubValue(rest) as Json;
  // The SDK's own working data, never sent as it is (it builds the envelope's header from it).
  if (sdkProcessingMetadata !== undefined) scrubbed.sdkProcessingMetadata = sdkProcessingMetadata;
  if (isObject(request)) scrubbed.request = scrubValue(scrubRequest(request));
  if (isObject(user) && (typeof user.id === "string" || typeof user.id === "number")) scrubbed.user = { id: user.id };
  if (Array.isArray(breadcrumbs)) scrubbed.breadcrumbs = scrubValue(breadcrumbs.slice(-MAX_BREADCRUMBS));
  return scrubbed as T;
}
