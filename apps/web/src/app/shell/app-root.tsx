import { Outlet } from "react-router";
import { NotificationOutlet } from "../notifications/notification-outlet";
import { ThemeSync } from "../theme/theme-sync";
import { NavigationProgress } from "./navigation-progress";
import { RouteEffects } from "./route-effects";

/** The element of the root route: what every page shares. */
export function AppRoot() {
  return (
    <>
      <ThemeSync />
      <RouteEffects />
      <NavigationProgress />
      <Outlet />
      <NotificationOutlet />
    </>
  );
}
