import { API_PREFIX } from "@cohort/common/http";

/**
 * DSN of the error-reporting service (Sentry's protocol); empty: nothing is
 * reported. A constant of its own, so a build without one leaves the reporting
 * code out altogether.
 */
export const ERROR_REPORTING_DSN: string = import.meta.env.VITE_ERROR_REPORTING_DSN || "";

/**
 * Public settings of the web app, fixed at build time (`VITE_*` variables, see
 * the README). This is the only module that reads them.
 */
export const appConfig = {
  version: "0.1.0",
  revision: import.meta.env.VITE_REVISION || "dev",
  /** Reviewers land on the callouts list and some public pages are switched off. */
  isReviewerMode: import.meta.env.VITE_REVIEWER_MODE === "true",
  /** The site's public address; the address the page was opened at unless set. */
  appUrl: (import.meta.env.VITE_APP_URL || globalThis.location?.origin || "").replace(/\/$/, ""),
  /** Where API calls go: this site's API unless set. */
  apiUrl: (import.meta.env.VITE_API_URL || API_PREFIX).replace(/\/$/, ""),
} as const;

let siteOrigin = appConfig.appUrl;

/** The site's public address as the server knows it, for its renderer, which has no page address to read (decision 047). */
export function setSiteOrigin(origin: string): void {
  siteOrigin = origin.replace(/\/$/, "");
}

/** An address on this site, for links that leave the page: shared, embedded or emailed. */
export function siteUrl(path: string): string {
  return `${siteOrigin}${path}`;
}
