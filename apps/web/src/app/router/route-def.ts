import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import type { Contact } from "@cohort/common/contacts";
import type { RouteMeta } from "./route-meta";

/** What a page's own loader gets once the guard has let the navigation through. */
export interface PageLoaderContext {
  user: Contact | null;
  queryClient: QueryClient;
}

export type PageLoader = (args: LoaderFunctionArgs, context: PageLoaderContext) => unknown;

export type PageAction = (args: ActionFunctionArgs, context: { queryClient: QueryClient }) => unknown;

/**
 * One entry of the route table. Pages that hold the guard are the leaves: a
 * route with children renders a frame around them and has no loader itself.
 */
export interface RouteDef {
  path?: string;
  index?: boolean;
  meta: RouteMeta;
  Component?: ComponentType;
  /** Loads the page's code on demand. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  loader?: PageLoader;
  action?: PageAction;
  children?: RouteDef[];
}

/** What a page may add to its path, code and meta. */
type PageOptions = Pick<RouteDef, "loader" | "action" | "children">;

/** A module of the app that exports the page's component under `Name`. */
type PageModule<Name extends string> = Record<Name, ComponentType>;

/** Stands for the path of the page a route with children shows at its own path: `page(index, …)`. */
export const index = null;

/**
 * One page of the route table: its path (or `index`), the module that holds
 * its code (loaded on demand, each its own chunk), the component the module
 * exports, and its meta.
 */
export function page<Name extends string>(
  path: string | typeof index,
  load: () => Promise<PageModule<NoInfer<Name>>>,
  component: Name,
  meta: RouteMeta,
  options?: PageOptions,
): RouteDef {
  const lazy = async () => ({ Component: (await load())[component] });
  return path === index ? { index: true, meta, lazy, ...options } : { path, meta, lazy, ...options };
}
