import type { QueryClient } from "@tanstack/react-query";
import type { LoaderFunction } from "react-router";
import { redirect, replace } from "react-router";
import type { GeneralContent } from "@cohort/common/content";
import { generalContentQueryOptions } from "../../api/content";
import { sessionQueryOptions } from "../../api/session";
import { prepareLayout } from "../layouts/resolve-layout";
import type { CancelReason } from "./guard";
import { guardRoute } from "./guard";
import type { PageLoader } from "./route-def";
import type { ResolvedRouteMeta } from "./route-meta";

/** Thrown when a page that may not be embedded is opened inside a frame. */
export class FrameBlockedError extends Error {
  readonly target: string;

  constructor(target: string) {
    super("This page cannot be shown in a frame");
    this.name = "FrameBlockedError";
    this.target = target;
  }
}

export interface GuardContext {
  queryClient: QueryClient;
  isReviewerMode: boolean;
  isInFrame: () => boolean;
  /** Switches the language for the page being opened. */
  prepareLocale: (url: URL, content: GeneralContent) => Promise<void>;
  /** Tells the person why the page did not open. */
  onCancel: (reason: Exclude<CancelReason, "frame">) => void;
  /** Path and query of the page on screen; null while the app is still loading its first page. */
  currentLocation: () => string | null;
}

/** Builds the loader that runs the route guard before a page, then the page's own loader. */
export function createGuardLoader(
  meta: ResolvedRouteMeta,
  context: GuardContext,
  pageLoader?: PageLoader,
): LoaderFunction {
  return async (args) => {
    const url = new URL(args.request.url);
    const target = `${url.pathname}${url.search}`;
    const { queryClient } = context;
    const [user, content] = await Promise.all([
      queryClient.ensureQueryData(sessionQueryOptions),
      queryClient.ensureQueryData(generalContentQueryOptions),
      prepareLayout(meta.layout),
    ]);
    await context.prepareLocale(url, content);

    const decision = guardRoute({
      meta,
      user,
      isInFrame: context.isInFrame(),
      isReviewerMode: context.isReviewerMode,
      target,
    });
    switch (decision.kind) {
      case "allow":
        return (await pageLoader?.(args, { user, queryClient })) ?? null;
      case "redirect":
        return redirect(decision.to);
      case "cancel": {
        if (decision.reason === "frame") throw new FrameBlockedError(target);
        context.onCancel(decision.reason);
        // Stay on the page on screen; with none (a first load, or this page itself), go home.
        const current = context.currentLocation();
        return replace(current && current !== target ? current : "/");
      }
    }
  };
}
