import type { LoaderFunctionArgs } from "react-router";

/** Loader arguments for a GET of the given path, as the router would pass them. */
export function loaderArgs(path: string): LoaderFunctionArgs {
  const url = new URL(path, "http://localhost");
  return { request: new Request(url), url, pattern: url.pathname, params: {}, context: {} } as LoaderFunctionArgs;
}
