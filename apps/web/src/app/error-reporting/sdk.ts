import { captureException, init } from "@sentry/browser";
import { MAX_BREADCRUMBS, scrubEvent } from "@cohort/common/reporting";

/** Sets the SDK up: uncaught errors and unhandled rejections are reported, scrubbed of personal data. */
export function startReporting(dsn: string, release: string): void {
  init({
    dsn,
    release,
    environment: import.meta.env.MODE,
    maxBreadcrumbs: MAX_BREADCRUMBS,
    // The SDK collects no cookies or bodies itself; `beforeSend` keeps only the user id and cleans the rest.
    dataCollection: { cookies: false, httpBodies: [] },
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubEvent(breadcrumb),
  });
}

export function captureError(error: unknown): void {
  captureException(error);
}
