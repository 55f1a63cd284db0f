import { FileUp, UserPlus, UsersRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useGeneralContent } from "../../../../api/content";
import { useSession } from "../../../../api/session";
import { Card } from "../../../../ui/card";
import { ContributionBands } from "../components/contribution-bands";
import { LatestResponses } from "../components/latest-responses";
import { MonthlyTrends } from "../components/monthly-trends";
import { PeriodStats } from "../components/period-stats";
import { SiteOverview } from "../components/site-overview";
import { RecoveryFigures } from "../../../recovery";

const shortcuts = [
  { to: "/admin/contacts", labelKey: "admin.dashboard.shortcuts.contacts", icon: UsersRound },
  { to: "/admin/contacts/add", labelKey: "admin.dashboard.shortcuts.addContact", icon: UserPlus },
  { to: "/admin/contacts/import", labelKey: "admin.dashboard.shortcuts.import", icon: FileUp },
] as const;

/** The admin area's landing page. */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  const user = useSession();
  const { organisationName } = useGeneralContent();

  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("admin.dashboard.title")}</h1>
        <p className="text-lg text-body/75">
          {t("admin.dashboard.welcome", { name: user?.firstname || user?.email || "", organisation: organisationName })}
        </p>
      </header>
      <PeriodStats />
      <MonthlyTrends />
      <RecoveryFigures />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ContributionBands />
        <LatestResponses />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <SiteOverview />
        </Card>
        <Card tone="primary" className="space-y-3">
          <h2 className="text-lg font-bold">{t("admin.dashboard.shortcuts.title")}</h2>
          <ul className="space-y-2">
            {shortcuts.map(({ to, labelKey, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="focus-ring flex items-center gap-3 rounded-lg px-2 py-2 font-semibold hover:bg-white/10"
                >
                  <Icon aria-hidden className="size-5 shrink-0" />
                  {t(labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
