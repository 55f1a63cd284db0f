import type { ComponentType } from "react";
import type { LayoutName } from "../router/route-meta";
import { AppLayout } from "./app-layout";
import { AuthLayout } from "./auth-layout";
import { DashboardLayout } from "./dashboard-layout";
import { FlexibleDashboardLayout } from "./flexible-dashboard-layout";
import { FullscreenLayout } from "./fullscreen-layout";
import type { LayoutProps } from "./layout-props";
import { LoadingLayout } from "./loading-layout";

const layouts: Record<LayoutName, ComponentType<LayoutProps>> = {
  app: AppLayout,
  auth: AuthLayout,
  dashboard: DashboardLayout,
  "flexible-dashboard": FlexibleDashboardLayout,
  fullscreen: FullscreenLayout,
  loading: LoadingLayout,
};

/** The layout component for a name; a name without one is a mistake in the route table. */
export function resolveLayout(name: string): ComponentType<LayoutProps> {
  if (!Object.hasOwn(layouts, name)) throw new Error(`Unknown layout: ${name}`);
  return layouts[name as LayoutName];
}
