import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Menu, X } from "lucide-react";
import { displayName, hasRole } from "@cohort/common/contacts";
import { useSession } from "../../api/session";
import { cx } from "../../ui/class-names";
import { isAdminPath } from "../i18n/locale-choice";
import { adminNavigation, memberNavigation } from "../navigation";
import { Brand } from "./brand";
import { DashboardNav } from "./dashboard-nav";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";

/** Side navigation (a drop-down menu on small screens) beside the page. */
export function DashboardShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSession();
  const { pathname } = useLocation();
  const isAdminArea = isAdminPath(pathname);
  const adminHome = hasRole(user?.activeRoles ?? [], "admin") ? "/admin" : "/admin/callouts";
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  // The menu closes by itself once another page opens.
  const isMenuOpen = openedAt === pathname;

  return (
    <div className="min-h-window lg:flex">
      <SkipLink />
      <aside className="bg-primary text-white [--cohort-focus:var(--cohort-on-primary)] lg:fixed lg:inset-y-0 lg:left-0 lg:flex lg:w-64 lg:flex-col">
        <div className="flex h-16 items-center justify-between gap-3 px-4 lg:h-20 lg:px-5">
          <Brand tone="light" to={isAdminArea ? adminHome : "/profile"} />
          <button
            type="button"
            className="focus-ring cursor-pointer rounded-lg p-2 text-white hover:bg-white/10 lg:hidden"
            aria-expanded={isMenuOpen}
            aria-controls="dashboard-menu"
            onClick={() => setOpenedAt(isMenuOpen ? null : pathname)}
          >
            {isMenuOpen ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
            <span className="sr-only">{isMenuOpen ? t("nav.closeMenu") : t("nav.openMenu")}</span>
          </button>
        </div>
        <div
          id="dashboard-menu"
          className={cx("flex-1 flex-col px-3 pb-4 lg:flex lg:px-4 lg:pb-6", isMenuOpen ? "flex" : "hidden")}
        >
          {isAdminArea && (
            <p className="px-3 pb-2 text-xs font-semibold tracking-wider text-white/80 uppercase">
              {t("nav.adminLabel")}
            </p>
          )}
          <DashboardNav
            label={isAdminArea ? t("nav.adminLabel") : t("nav.memberLabel")}
            entries={isAdminArea ? adminNavigation : memberNavigation}
          />
          {user && (
            <div className="mt-6 flex items-center gap-3 border-t border-white/15 px-3 pt-4 lg:mt-auto">
              <span
                aria-hidden
                className="grid size-9 shrink-0 place-items-center rounded-full bg-white/15 text-sm font-bold"
              >
                {(user.firstname.charAt(0) + user.lastname.charAt(0)).toUpperCase() || "?"}
              </span>
              <div className="min-w-0 text-sm">
                <p className="truncate font-semibold">{displayName(user)}</p>
                <p className="truncate text-white/70">{user.email}</p>
              </div>
            </div>
          )}
        </div>
      </aside>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:ml-64 lg:px-10 lg:py-10"
      >
        {children}
      </main>
    </div>
  );
}
