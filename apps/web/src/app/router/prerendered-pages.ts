import type { RouteDef } from "./route-def";

/** Every page of a route table with its path from the root (`/callouts/:id/respond`) and whether its meta says `prerendered`. */
function pages(defs: readonly RouteDef[], parentPath = ""): { path: string; prerendered: boolean }[] {
  return defs.flatMap((def) => {
    const path = def.index ? parentPath : `${parentPath}/${def.path ?? ""}`;
    if (def.children) return pages(def.children, path);
    return [{ path: path || "/", prerendered: def.meta.prerendered ?? false }];
  });
}

/**
 * The pages whose first view the server renders for a visitor without a session (decision 047): a
 * callout's intro and form, which readers open from a shared link and start on at once. The route
 * table flags them; the pages people open first are read from the same table by the build
 * (`build/route-pages.ts`).
 */
export function prerenderedPages(table: readonly RouteDef[]): string[] {
  return pages(table)
    .filter((page) => page.prerendered)
    .map((page) => page.path);
}
