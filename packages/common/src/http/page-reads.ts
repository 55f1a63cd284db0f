import type { CalloutWith } from "../callouts/constants.js";

/**
 * The API reads the web app makes as a page opens. The app builds those
 * queries from these declarations, and the server names the same addresses
 * in the page's head, so the browser fetches them beside the page's code
 * instead of after it (decision 045). An address that differs by a single
 * character is fetched twice, which is why both sides read them from here.
 */
export interface ApiRead {
  /** The path under the API prefix. */
  path: string;
  /** Query parameters in the order they are sent. */
  query: Readonly<Record<string, readonly string[]>>;
}

/** The person the session belongs to, with what the route guard and the shells need. */
export const sessionRead: ApiRead = { path: "/contact/me", query: { with: ["roles", "isReviewer"] } };

/**
 * In the head of a page opened without a session cookie: the app's first session read answers
 * "nobody" without asking, so a logged-out visit logs no 401 for `/contact/me`.
 */
export const NO_SESSION_META = '<meta name="cohort-session" content="none" />';

/** The organisation's settings, which every page reads before it shows. */
export const generalContentRead: ApiRead = { path: "/content/general", query: {} };

/** The join page's texts and amounts. */
export const joinContentRead: ApiRead = { path: "/content/join", query: {} };

/** What the public pages of a callout ask of it. */
export const publicCalloutWith = [
  "form",
  "hasAnswered",
  "variantNames",
  "responseViewSchema",
] as const satisfies readonly CalloutWith[];

/** A callout as its public pages first read it (the visitor's language variant, if any, is a second read). */
export function publicCalloutRead(slug: string): ApiRead {
  return { path: `/callout/${encodeURIComponent(slug)}`, query: { with: publicCalloutWith } };
}

/** Reads a first page may declare, by name, given the page's path parameters. */
export const pageReads = {
  publicCallout: (params: Readonly<Record<string, string>>) => publicCalloutRead(params.id ?? ""),
  joinContent: () => joinContentRead,
} as const satisfies Record<string, (params: Readonly<Record<string, string>>) => ApiRead>;

export type PageReadName = keyof typeof pageReads;

/** The reads every page makes, whatever it is. */
export const everyPageReads: readonly ApiRead[] = [sessionRead, generalContentRead];

/** A read's address under the API prefix: its path and query, as the web app sends it. */
export function readAddress(read: ApiRead): string {
  const pairs = Object.entries(read.query).flatMap(([key, values]) =>
    values.map((value) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`),
  );
  return pairs.length > 0 ? `${read.path}?${pairs.join("&")}` : read.path;
}

/** Where the web build lists the files of its first pages, under its output folder. */
export const FIRST_PAGE_FILES = ".vite/first-page-files.json";

/**
 * That list: for each page people often open first, its path in the route
 * table (`:name` for a parameter), the reads it makes beside every page's,
 * and the script and style files it needs beyond the entry script's.
 */
export interface FirstPageFiles {
  pages: { path: string; reads: readonly PageReadName[]; scripts: string[]; styles: string[] }[];
}
