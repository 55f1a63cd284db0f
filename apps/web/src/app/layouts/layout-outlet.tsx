import { createElement } from "react";
import { Outlet, useMatches } from "react-router";
import { currentRouteMeta, defaultLayout } from "../router/route-meta";
import { resolveLayout } from "./resolve-layout";

/** Renders the current page inside the layout its route asks for. */
export function LayoutOutlet() {
  const meta = currentRouteMeta(useMatches());
  // The layouts are fixed module-level components; only the choice between them changes.
  return createElement(resolveLayout(meta?.layout ?? defaultLayout), { children: <Outlet /> });
}
