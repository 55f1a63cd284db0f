import { useTranslation } from "react-i18next";
import { hasRole } from "@cohort/common/contacts";
import { useSession } from "../../../../api/session";
import { useRouteCallout } from "../hooks/use-route-callout";
import { CalloutActions } from "../overview/callout-actions";
import { CalloutSummaryCard } from "../overview/callout-summary-card";
import { NotificationsCard } from "../overview/notifications-card";
import { SettingsSummary } from "../overview/settings-summary";
import { ShareCard } from "../overview/share-card";

/** What a callout is, where it lives, how it is set up, and what can be done with it. */
export function CalloutOverviewPage() {
  const { t } = useTranslation();
  const callout = useRouteCallout();
  const user = useSession();
  const isAdmin = hasRole(user?.activeRoles ?? [], "admin");
  return (
    <div className="space-y-6">
      {isAdmin && (
        <section aria-label={t("adminCallouts.overview.actionsLabel")}>
          <CalloutActions callout={callout} />
        </section>
      )}
      <CalloutSummaryCard callout={callout} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ShareCard callout={callout} />
        <SettingsSummary callout={callout} />
      </div>
      {isAdmin && <NotificationsCard calloutId={callout.id} />}
    </div>
  );
}
