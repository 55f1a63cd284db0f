import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { TabLinks } from "../../../../ui/tab-links";

/** The settings area: a header and one tab per part of the organisation's settings. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{t("adminSettings.title")}</h1>
        <p className="text-body/75">{t("adminSettings.intro")}</p>
      </header>
      <TabLinks
        label={t("adminSettings.tabsLabel")}
        tabs={[
          { to: "/admin/settings", label: t("adminSettings.tabs.general"), end: true },
          { to: "/admin/settings/theme", label: t("adminSettings.tabs.theme") },
          { to: "/admin/settings/email", label: t("adminSettings.tabs.email") },
          { to: "/admin/settings/payment", label: t("adminSettings.tabs.payment") },
          { to: "/admin/settings/maps", label: t("adminSettings.tabs.maps") },
          { to: "/admin/settings/newsletter", label: t("adminSettings.tabs.newsletter") },
          { to: "/admin/settings/api-keys", label: t("adminSettings.tabs.apiKeys") },
          { to: "/admin/settings/webhooks", label: t("adminSettings.tabs.webhooks") },
        ]}
      />
      <Outlet />
    </div>
  );
}
