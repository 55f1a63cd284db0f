import { useTranslation } from "react-i18next";
import { Form, NavLink } from "react-router";
import { hasRole } from "@cohort/common/contacts";
import { useSession } from "../../api/session";
import { cx } from "../../ui/class-names";
import type { NavEntry } from "../navigation";
import { isVisibleTo } from "../navigation";

interface DashboardNavProps {
  label: string;
  entries: readonly NavEntry[];
}

const itemClass =
  "focus-ring flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-semibold transition-colors";

export function DashboardNav({ label, entries }: DashboardNavProps) {
  const { t } = useTranslation();
  const user = useSession();
  const isAdmin = hasRole(user?.activeRoles ?? [], "admin");
  const person = { isAdmin, isReviewer: user?.isReviewer === true };
  const visible = entries.filter((entry) => isVisibleTo(entry, person));

  return (
    <nav aria-label={label}>
      <ul className="space-y-1">
        {visible.map((entry) => {
          const Icon = entry.icon;
          if (entry.kind === "logout") {
            return (
              <li key="logout">
                <Form method="post" action="/auth/logout">
                  <button type="submit" className={cx(itemClass, "text-white/75 hover:bg-white/10 hover:text-white")}>
                    <Icon aria-hidden className="size-5" />
                    {t(entry.labelKey)}
                  </button>
                </Form>
              </li>
            );
          }
          return (
            <li key={entry.to}>
              <NavLink
                to={entry.to}
                end={entry.end}
                className={({ isActive }) =>
                  cx(
                    itemClass,
                    isActive ? "bg-white text-primary shadow-sm" : "text-white/75 hover:bg-white/10 hover:text-white",
                  )
                }
              >
                <Icon aria-hidden className="size-5" />
                {t(entry.labelKey)}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
