/** Public settings of the web app, fixed at build time. */
export const appConfig = {
  version: "0.1.0",
  revision: import.meta.env.VITE_REVISION || "dev",
  /** Reviewers land on the callouts list and some public pages are switched off. */
  isReviewerMode: import.meta.env.VITE_REVIEWER_MODE === "true",
} as const;
