import type { QueryClient } from "@tanstack/react-query";
import { setApiEvents } from "../../api/client";
import { sessionKeys } from "../../api/session";
import { i18n } from "../i18n/i18n";
import { notifications } from "../notifications/notification-store";
import type { AppRouter } from "../router/create-app-router";

/** How the app reacts to failures of any API call. */
export function connectApiEvents(queryClient: QueryClient, router: AppRouter): void {
  setApiEvents({
    onUnauthorized: () => {
      const hadSession = Boolean(queryClient.getQueryData(sessionKeys.me));
      queryClient.setQueryData(sessionKeys.me, null);
      // Run the guard again, so a page that needs a login sends the person to it.
      if (hadSession) void router.revalidate();
    },
    onServerError: () => {
      notifications.addNotification({ variant: "error", title: i18n.t("errors.serverError") });
    },
  });
}
