import { isAllowedUrl } from "./url-rules.js";

/**
 * Where a caller may send people. Cohort mails links and redirects browsers
 * to addresses that callers hand in (`resetUrl`, `loginUrl`, `completeUrl`,
 * a login's `next`); these rules keep every such address on Cohort itself,
 * or on a site the organisation listed. No zod and no Node here: the web app
 * uses the same rules as the server.
 */

interface ParsedAddress {
  origin: string;
  pathname: string;
  username: string;
  password: string;
}
/** The WHATWG URL parser of the browser or Node, which is how the browser that follows the link reads it. */
const AddressParser = (globalThis as unknown as { URL: new (input: string, base?: string) => ParsedAddress }).URL;

/** A made-up origin to resolve paths against; `.invalid` never resolves. */
const PROBE_ORIGIN = "http://cohort.invalid";

/** Whitespace and control characters, which browsers drop or mail programs cut at, and the backslash, which browsers read as `/`. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const HIDDEN_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;
const HIDDEN_CHARACTERS_ALL = new RegExp(HIDDEN_CHARACTERS.source, "g");

/** The value with its percent-escapes undone until nothing changes (a few rounds at most); null when they are broken. */
function decoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/**
 * The value when it is a path on this site (`/profile?tab=1#top`), else
 * undefined. Refused: anything not starting with one `/`; `//host` and
 * `/\host`, which browsers read as another site; whitespace, control
 * characters and backslashes, which browsers drop or turn into `/`; the same
 * tricks hidden behind percent-escapes (`/%2F%2Fhost`); and dot segments that
 * collapse into `//host` (`/..//host`).
 */
export function sitePath(value: string | null | undefined): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return undefined;
  if (HIDDEN_CHARACTERS.test(value)) return undefined;
  // Unescaped by a careless reader, with what browsers drop dropped, it must still not name another host.
  const plain = decoded(value)?.replace(HIDDEN_CHARACTERS_ALL, (found) => (found === "\\" ? "/" : ""));
  if (plain === undefined || plain.startsWith("//")) return undefined;
  let resolved: ParsedAddress;
  try {
    resolved = new AddressParser(value, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (resolved.origin !== PROBE_ORIGIN || resolved.pathname.startsWith("//")) return undefined;
  return value;
}

/** The origin (`https://host[:port]`) of an address, as browsers compare them; null when it has none. */
export function originOf(address: string): string | null {
  try {
    const { origin } = new AddressParser(address);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * True when `value` is an absolute `http:`/`https:` address whose origin is
 * one of `origins` (compared as browsers do: scheme, host and port). Refused
 * besides: user names and passwords in the address (`https://site@evil`),
 * backslashes, whitespace and control characters, which mail programs and
 * browsers may read differently.
 */
export function isLinkOnOrigins(value: string, origins: readonly string[]): boolean {
  if (HIDDEN_CHARACTERS.test(value) || !isAllowedUrl(value, "http")) return false;
  let url: ParsedAddress;
  try {
    url = new AddressParser(value);
  } catch {
    return false;
  }
  if (url.username !== "" || url.password !== "") return false;
  return origins.some((origin) => originOf(origin) === url.origin);
}
