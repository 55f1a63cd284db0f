import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { cx } from "../../../../ui/class-names";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    "focus-ring -mb-px block rounded-t-lg border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap",
    isActive ? "border-primary text-primary" : "border-transparent text-body/70 hover:border-body/30 hover:text-body",
  );

const tabs = [
  { to: "/admin/membership-builder", key: "joinForm", end: true },
  { to: "/admin/membership-builder/intro", key: "intro", end: false },
  { to: "/admin/membership-builder/email", key: "email", end: false },
  { to: "/admin/membership-builder/confirmation", key: "confirmation", end: false },
] as const;

/** The membership builder: how people join, in four tabs. */
export function MembershipBuilderPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{t("adminMembership.title")}</h1>
        <p className="text-body/75">{t("adminMembership.lead")}</p>
      </header>
      <nav aria-label={t("adminMembership.tabsLabel")} className="overflow-x-auto">
        <ul className="flex min-w-max gap-1 border-b border-black/10">
          {tabs.map((tab) => (
            <li key={tab.key}>
              <NavLink to={tab.to} end={tab.end} className={tabClass}>
                {t(`adminMembership.tabs.${tab.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
