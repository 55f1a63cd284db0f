/**
 * A request path with repeated slashes (`/api/1.0//contact-tags`) as the one
 * with single slashes, the query left as it is. The reference's web app
 * builds such paths and its usual proxy merges them (decision 024). Applied
 * before routing, so every hook, access check and handler sees only the
 * merged path.
 */
export function mergeSlashes(url: string): string {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  if (!path.includes("//")) return url;
  return path.replace(/\/{2,}/g, "/") + (queryStart === -1 ? "" : url.slice(queryStart));
}
