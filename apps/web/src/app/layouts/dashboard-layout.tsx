import { DashboardShell } from "../shell/dashboard-shell";
import type { LayoutProps } from "./layout-props";

/** Member and admin pages: side navigation and a centred column. */
export function DashboardLayout({ children }: LayoutProps) {
  return (
    <DashboardShell>
      <div className="mx-auto w-full max-w-5xl">{children}</div>
    </DashboardShell>
  );
}
