/**
 * Which web addresses Cohort stores and shows. No zod here, so the web
 * bundle can check an address too.
 *
 * - `http`: an absolute `http:` or `https:` address (site address, redirects, map styles).
 * - `link`: as `http`, or `mailto:`, or a path on this site (footer and gallery links).
 * - `image`: as `http`, or a path on this site (uploads are served from `/uploads/…`).
 *
 * `javascript:`, `data:`, `vbscript:`, `file:` and every other scheme are refused,
 * and so are protocol-relative addresses (`//host`, `/\host`), which leave the site.
 */
export type UrlKind = "http" | "link" | "image";

const schemesByKind: Record<UrlKind, readonly string[]> = {
  http: ["http:", "https:"],
  link: ["http:", "https:", "mailto:"],
  image: ["http:", "https:"],
};

/** Spaces and control characters: browsers drop some of them while parsing, so none are taken. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

interface ParsedUrl {
  protocol: string;
  hostname: string;
  pathname: string;
}
/** The WHATWG URL parser of the browser or Node (common is typed without either's library). */
const UrlParser = (globalThis as unknown as { URL: new (input: string) => ParsedUrl }).URL;

/** `/path`, not `//host` or `/\host`; no backslash anywhere, which browsers read as `/`. */
export function isSitePath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !value.includes("\\");
}

/** True when `value` is a web address of the kind, as the browser will read it. */
export function isAllowedUrl(value: string, kind: UrlKind): boolean {
  if (value === "" || UNSAFE_CHARACTERS.test(value)) return false;
  if (kind !== "http" && isSitePath(value)) return true;
  let url: ParsedUrl;
  try {
    url = new UrlParser(value);
  } catch {
    return false;
  }
  if (!schemesByKind[kind].includes(url.protocol)) return false;
  if (url.protocol === "mailto:") return url.pathname.length > 0;
  return url.hostname !== "";
}
