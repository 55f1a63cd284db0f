import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { cx } from "../../../../ui/class-names";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    "focus-ring -mb-px block rounded-t-lg border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap",
    isActive ? "border-primary text-primary" : "border-transparent text-body/70 hover:border-body/30 hover:text-body",
  );

/** The emails area: a header and tabs around the outbox and the templates. */
export function EmailsPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{t("adminEmails.title")}</h1>
        <p className="text-body/75">{t("adminEmails.intro")}</p>
      </header>
      <nav aria-label={t("adminEmails.tabsLabel")} className="overflow-x-auto">
        <ul className="flex min-w-max gap-1 border-b border-black/10">
          <li>
            <NavLink to="/admin/emails" end className={tabClass}>
              {t("adminEmails.tabs.outbox")}
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/emails/templates" className={tabClass}>
              {t("adminEmails.tabs.templates")}
            </NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
