import type { ComponentType } from "react";
import type { LayoutName } from "../router/route-meta";
import { AppLayout } from "./app-layout";
import { AuthLayout } from "./auth-layout";
import { FullscreenLayout } from "./fullscreen-layout";
import type { LazyLayout } from "./lazy-layout";
import { lazyLayout } from "./lazy-layout";
import type { LayoutProps } from "./layout-props";
import { LoadingLayout } from "./loading-layout";

// The member and admin areas' navigation loads with their pages, not with public ones (decision 008).
const dashboardLayout = lazyLayout(() => import("./dashboard-layout").then((module) => module.DashboardLayout));
const flexibleDashboardLayout = lazyLayout(() =>
  import("./flexible-dashboard-layout").then((module) => module.FlexibleDashboardLayout),
);
const lazyLayouts: Partial<Record<LayoutName, LazyLayout>> = {
  dashboard: dashboardLayout,
  "flexible-dashboard": flexibleDashboardLayout,
};

const layouts: Record<LayoutName, ComponentType<LayoutProps>> = {
  app: AppLayout,
  auth: AuthLayout,
  dashboard: dashboardLayout.Layout,
  "flexible-dashboard": flexibleDashboardLayout.Layout,
  fullscreen: FullscreenLayout,
  loading: LoadingLayout,
};

/** The layout component for a name; a name without one is a mistake in the route table. */
export function resolveLayout(name: string): ComponentType<LayoutProps> {
  if (!Object.hasOwn(layouts, name)) throw new Error(`Unknown layout: ${name}`);
  return layouts[name as LayoutName];
}

/** Loads the code of a layout that comes on demand, so its page opens with it at once. */
export async function prepareLayout(name: LayoutName): Promise<void> {
  await lazyLayouts[name]?.prepare();
}
