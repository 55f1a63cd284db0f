import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { TabLinks } from "../../../../ui/tab-links";

/** The emails area: a header and tabs around the outbox and the templates. */
export function EmailsPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{t("adminEmails.title")}</h1>
        <p className="text-body/75">{t("adminEmails.intro")}</p>
      </header>
      <TabLinks
        label={t("adminEmails.tabsLabel")}
        tabs={[
          { to: "/admin/emails", label: t("adminEmails.tabs.outbox"), end: true },
          { to: "/admin/emails/mailings", label: t("adminMailings.tab") },
          { to: "/admin/emails/templates", label: t("adminEmails.tabs.templates") },
        ]}
      />
      <Outlet />
    </div>
  );
}
