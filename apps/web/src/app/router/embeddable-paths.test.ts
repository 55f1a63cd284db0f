import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { embeddablePagePatterns, isEmbeddablePath } from "@cohort/common/http";
import { buildRoutes } from "./build-routes";
import type { GuardContext } from "./guard-loader";
import type { RouteDef } from "./route-def";
import type { ResolvedRouteMeta } from "./route-meta";
import { routeTable } from "./route-table";

interface Page {
  path: string;
  meta: ResolvedRouteMeta;
}

/** Every page the router serves, with its whole path (parameters as `:name`) and its resolved meta. */
function pages(routes: readonly RouteObject[], base = ""): Page[] {
  return routes.flatMap((route) => {
    const path = route.index ? base : `${base}/${route.path ?? ""}`;
    if (route.children) return pages(route.children, path);
    return [{ path: path || "/", meta: route.handle as ResolvedRouteMeta }];
  });
}

function flatten(defs: readonly RouteDef[]): RouteDef[] {
  return defs.flatMap((def) => [def, ...flatten(def.children ?? [])]);
}

describe("embeddable pages", () => {
  const served = pages(buildRoutes(routeTable, {} as GuardContext)).filter((page) => page.path !== "/*");

  it("are the pages whose paths the server lets other sites frame, and no others", () => {
    for (const page of served) {
      expect(page.meta.embeddable, `${page.meta.name} ${page.path}`).toBe(isEmbeddablePath(page.path));
    }
  });

  it("are declared once, by path: the table flags none but the catch-all", () => {
    const flagged = flatten(routeTable).filter((def) => def.meta.embeddable !== undefined);
    expect(flagged.map((def) => def.meta.name)).toEqual(["notFound"]);
  });

  it("each name a page of the app", () => {
    const paths = new Set(served.map((page) => page.path));
    for (const pattern of embeddablePagePatterns) expect(paths.has(pattern), pattern).toBe(true);
  });

  it("include the public callout, join and gift pages but not the admin area or the login", () => {
    const embeddable = served.filter((page) => page.meta.embeddable).map((page) => page.meta.name);
    expect(embeddable).toEqual(
      expect.arrayContaining(["calloutMain", "calloutRespond", "calloutThanks", "calloutMap", "join", "donate"]),
    );
    const names = new Map(served.map((page) => [page.meta.name, page.meta.embeddable]));
    expect(names.get("adminDashboard")).toBe(false);
    expect(names.get("login")).toBe(false);
  });
});
