import { DashboardShell } from "../shell/dashboard-shell";
import type { LayoutProps } from "./layout-props";

/** Like the dashboard, but the page may use the full width (editors, builders). */
export function FlexibleDashboardLayout({ children }: LayoutProps) {
  return <DashboardShell>{children}</DashboardShell>;
}
