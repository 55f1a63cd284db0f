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
