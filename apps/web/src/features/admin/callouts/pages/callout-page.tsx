import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Outlet, useParams } from "react-router";
import { adminCalloutQueryOptions } from "../../../../api/admin-callouts";
import { usePageTitle } from "../../../../app/shell/page-title";
import { Skeleton } from "../../../../ui/skeleton";
import { TabLinks } from "../../../../ui/tab-links";
import { DetailHeader, DetailPage } from "../../shared/detail-page";

/** One callout: its title over the overview and the responses inbox. */
export function CalloutPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const callout = useQuery(adminCalloutQueryOptions(id));
  usePageTitle(callout.data ? callout.data.title || t("adminCallouts.untitled") : undefined);

  return (
    <DetailPage
      back={{ to: "/admin/callouts", label: t("adminCallouts.editor.backToList") }}
      query={callout}
      loading={
        <>
          <Skeleton className="h-9 w-80" />
          <Skeleton className="h-48 w-full" />
        </>
      }
      notFound={t("adminCallouts.notFound")}
    >
      {(data) => (
        <>
          <DetailHeader title={data.title || t("adminCallouts.untitled")} />
          <TabLinks
            label={t("adminResponses.calloutTabs")}
            tabs={[
              {
                to: `/admin/callouts/view/${encodeURIComponent(id)}`,
                label: t("adminResponses.tabs.overview"),
                end: true,
              },
              {
                to: `/admin/callouts/view/${encodeURIComponent(id)}/responses`,
                label: t("adminResponses.tabs.responses"),
              },
            ]}
          />
          <Outlet context={data} />
        </>
      )}
    </DetailPage>
  );
}
