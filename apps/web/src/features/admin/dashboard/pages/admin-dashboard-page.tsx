import { useTranslation } from "react-i18next";
import { useGeneralContent } from "../../../../api/content";
import { useSession } from "../../../../api/session";
import { Card } from "../../../../ui/card";
import { SiteOverview } from "../components/site-overview";

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
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <SiteOverview />
        </Card>
        <Card tone="primary" className="space-y-2">
          <h2 className="text-lg font-bold">{t("admin.dashboard.nextTitle")}</h2>
          <p className="text-on-primary/85">{t("admin.dashboard.nextDescription")}</p>
        </Card>
      </div>
    </div>
  );
}
