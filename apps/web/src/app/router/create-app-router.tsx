import type { QueryClient } from "@tanstack/react-query";
import type { RouteObject } from "react-router";
import { createBrowserRouter } from "react-router";
import { appConfig } from "../../config";
import { activateLocale, i18n } from "../i18n/i18n";
import { createLocalePicker } from "../i18n/locale-choice";
import { deferredMessagesFor } from "../i18n/message-split";
import { LayoutOutlet } from "../layouts/layout-outlet";
import { notifications } from "../notifications/notification-store";
import { AppRoot } from "../shell/app-root";
import { LoadingScreen } from "../shell/loading-screen";
import { RouteErrorPage } from "../shell/route-error-page";
import { buildRoutes } from "./build-routes";
import type { GuardContext } from "./guard-loader";
import { isInFrame } from "./in-frame";
import type { RouteDef } from "./route-def";
import { routeTable } from "./route-table";

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The app's shared frame around the pages of the route table. */
export function appRoutes(table: readonly RouteDef[], context: GuardContext): RouteObject[] {
  return [
    {
      id: "root",
      Component: AppRoot,
      HydrateFallback: LoadingScreen,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          id: "layout",
          Component: LayoutOutlet,
          ErrorBoundary: RouteErrorPage,
          children: buildRoutes(table, context),
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient): AppRouter {
  const pickLocale = createLocalePicker();
  // Filled in right below; the guard only asks for it once a navigation runs.
  const routerRef: { current?: AppRouter } = {};

  const context: GuardContext = {
    queryClient,
    isReviewerMode: appConfig.isReviewerMode,
    isInFrame,
    prepareLocale: async (url, content) => {
      try {
        await activateLocale(pickLocale(url, content.locale), deferredMessagesFor(url.pathname));
      } catch {
        // Messages that fail to load leave the page in the language it already has.
      }
    },
    onCancel: (reason) => {
      const key = reason === "unauthorized" ? "errors.unauthorized" : "errors.notAvailable";
      notifications.addNotification({ variant: "error", title: i18n.t(key) });
    },
    currentLocation: () => {
      const state = routerRef.current?.state;
      if (!state?.initialized) return null;
      const { pathname, search } = state.location;
      return `${pathname}${search}`;
    },
  };

  const router = createBrowserRouter(appRoutes(routeTable, context));
  routerRef.current = router;
  return router;
}

/** Settles once the router has loaded its first route: its code, the guard's reads and the page's. */
export function routerReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
