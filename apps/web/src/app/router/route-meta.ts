import type { UIMatch } from "react-router";
import { isEmbeddablePath, type PageReadName } from "@cohort/common/http";

export const layoutNames = ["app", "auth", "dashboard", "flexible-dashboard", "fullscreen", "loading"] as const;
export type LayoutName = (typeof layoutNames)[number];
export const defaultLayout: LayoutName = "dashboard";

/** What a route declares about itself. Flags carry over to child routes. */
export interface RouteMeta {
  /** Stable name; scrolling to the top is skipped while it stays the same. */
  name: string;
  layout?: LayoutName;
  /** Visitors without a session may see it. */
  noLogin?: boolean;
  /** Needs the admin role. */
  admin?: boolean;
  /** Staff pages that reviewers may open too (the callouts they review); members may not. */
  staff?: boolean;
  /**
   * May load inside a frame on another site. Leave it out: a page is embeddable when its path is
   * one of `embeddablePagePatterns` (common/http), the list the server frames by. Only a page
   * without a path of its own (the catch-all "not found") says it here.
   */
  embeddable?: boolean;
  /** Switched off in reviewer mode. */
  noReviewerMode?: boolean;
  /** i18n key of the document title. */
  pageTitle?: string;
  /**
   * A page people often open first, from a link outside, with the API reads it makes beside
   * those every page makes: the build lists the files it is made of and the server names them,
   * with the reads, in the page's head (decision 045; `build/route-pages.ts` reads them here).
   */
  firstPage?: { reads: readonly PageReadName[] };
  /** The server renders its first view for a visitor without a session (decision 047). */
  prerendered?: boolean;
}

/** The meta of a route once its parents' flags are applied. */
export interface ResolvedRouteMeta {
  name: string;
  layout: LayoutName;
  noLogin: boolean;
  admin: boolean;
  staff: boolean;
  embeddable: boolean;
  noReviewerMode: boolean;
  pageTitle: string | undefined;
}

/** A route's meta with its parents' flags applied; `path` is its whole path, parameters as `:name`. */
export function resolveRouteMeta(meta: RouteMeta, parent?: ResolvedRouteMeta, path = ""): ResolvedRouteMeta {
  return {
    name: meta.name,
    layout: meta.layout ?? parent?.layout ?? defaultLayout,
    noLogin: meta.noLogin ?? parent?.noLogin ?? false,
    admin: meta.admin ?? parent?.admin ?? false,
    staff: meta.staff ?? parent?.staff ?? false,
    embeddable: meta.embeddable ?? isEmbeddablePath(path),
    noReviewerMode: meta.noReviewerMode ?? parent?.noReviewerMode ?? false,
    pageTitle: meta.pageTitle,
  };
}

function isRouteMeta(handle: unknown): handle is ResolvedRouteMeta {
  return typeof handle === "object" && handle !== null && "name" in handle && "layout" in handle;
}

/** The meta of the deepest matched route that has one. */
export function currentRouteMeta(matches: readonly UIMatch[]): ResolvedRouteMeta | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (isRouteMeta(handle)) return handle;
  }
  return undefined;
}
