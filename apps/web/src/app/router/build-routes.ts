import type { ActionFunction, RouteObject } from "react-router";
import type { GuardContext } from "./guard-loader";
import { createGuardLoader } from "./guard-loader";
import type { PageAction, RouteDef } from "./route-def";
import type { ResolvedRouteMeta } from "./route-meta";
import { resolveRouteMeta } from "./route-meta";

function wrapAction(action: PageAction, context: GuardContext): ActionFunction {
  return (args) => action(args, { queryClient: context.queryClient });
}

/**
 * Turns the route table into router routes: the resolved meta becomes the
 * route's `handle`, and every leaf gets a loader that runs the guard first.
 */
export function buildRoutes(
  defs: readonly RouteDef[],
  context: GuardContext,
  parent?: ResolvedRouteMeta,
  base = "",
): RouteObject[] {
  return defs.map((def) => {
    const path = def.index ? base : `${base}/${def.path ?? ""}`;
    const meta = resolveRouteMeta(def.meta, parent, path);
    const shared = {
      id: meta.name,
      handle: meta,
      Component: def.Component,
      lazy: def.lazy,
      action: def.action && wrapAction(def.action, context),
    };
    if (def.children) {
      if (def.loader || def.index) {
        throw new Error(`Route ${meta.name} has children: it may be neither an index nor load data`);
      }
      return { ...shared, path: def.path, children: buildRoutes(def.children, context, meta, path) };
    }
    const loader = createGuardLoader(meta, context, def.loader);
    return def.index ? { ...shared, index: true, loader } : { ...shared, path: def.path, loader };
  });
}
