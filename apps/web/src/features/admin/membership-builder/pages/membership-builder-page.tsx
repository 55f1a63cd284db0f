import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { TabLinks } from "../../../../ui/tab-links";

const tabs = [
  { path: "", key: "joinForm" },
  { path: "/intro", key: "intro" },
  { path: "/email", key: "email" },
  { path: "/confirmation", key: "confirmation" },
  { path: "/gifts", key: "gifts" },
] as const;

/** The membership builder: how people join, and give once, in five tabs. */
export function MembershipBuilderPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{t("adminMembership.title")}</h1>
        <p className="text-body/75">{t("adminMembership.lead")}</p>
      </header>
      <TabLinks
        label={t("adminMembership.tabsLabel")}
        tabs={tabs.map((tab) => ({
          to: `/admin/membership-builder${tab.path}`,
          label: t(`adminMembership.tabs.${tab.key}`),
          end: tab.path === "",
        }))}
      />
      <Outlet />
    </div>
  );
}
