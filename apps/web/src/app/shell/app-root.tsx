import { Outlet } from "react-router";
import { NotificationOutlet } from "../notifications/notification-outlet";
import { ThemeSync } from "../theme/theme-sync";
import { FrameHeight } from "./frame-height";
import { NavigationProgress } from "./navigation-progress";
import { RouteEffects } from "./route-effects";
import { TestPaymentsBanner } from "./test-payments-banner";

/** The element of the root route: what every page shares. */
export function AppRoot() {
  return (
    <>
      <ThemeSync />
      <RouteEffects />
      <FrameHeight />
      <NavigationProgress />
      <TestPaymentsBanner />
      <Outlet />
      <NotificationOutlet />
    </>
  );
}
