/**
 * The pages another site may show in a frame (spec section 2): a callout's
 * main, respond, thanks, gallery and map pages, the join pages a visitor
 * passes through before the login, and the one-time gift pages. This list is
 * the one declaration: the server lets only these be framed, and the web
 * router marks a page embeddable when its path is here (a test checks that
 * each names a page). `:param` matches one path segment.
 */
export const embeddablePagePatterns = [
  "/callouts/:id",
  "/callouts/:id/respond",
  "/callouts/:id/thanks",
  "/callouts/:id/gallery",
  "/callouts/:id/map",
  "/join",
  "/join/failed",
  "/join/complete",
  "/join/confirm-email",
  "/donate",
  "/donate/complete",
] as const;

/**
 * Server pages a framed join can reach: the built-in test provider's
 * checkout takes the payment step inside the frame.
 */
export const embeddableServerPatterns = ["/test-checkout/:flowId"] as const;

function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split("/").filter(Boolean);
  return (
    parts.length === segments.length && parts.every((part, index) => part.startsWith(":") || part === segments[index])
  );
}

/** Whether a request path (query string allowed, trailing slash ignored) may be shown in another site's frame. */
export function isEmbeddablePath(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? "";
  let segments: string[];
  try {
    segments = path.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return false;
  }
  if (segments.some((segment) => segment === "." || segment === ".." || segment.includes("/"))) return false;
  return [...embeddablePagePatterns, ...embeddableServerPatterns].some((pattern) => matches(pattern, segments));
}
