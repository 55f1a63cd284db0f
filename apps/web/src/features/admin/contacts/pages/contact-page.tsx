import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Outlet, useParams } from "react-router";
import { displayName } from "@cohort/common/contacts";
import { contactQueryOptions } from "../../../../api/contacts";
import { usePageTitle } from "../../../../app/shell/page-title";
import { Skeleton } from "../../../../ui/skeleton";
import { TabLinks } from "../../../../ui/tab-links";
import { DetailHeader, DetailPage } from "../../shared/detail-page";
import { RoleBadges } from "../components/role-badges";

/** One contact: a header and tabs around the overview and account pages. */
export function ContactPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const contact = useQuery(contactQueryOptions(id));
  usePageTitle(contact.data ? displayName(contact.data) : undefined);

  return (
    <DetailPage
      back={{ to: "/admin/contacts", label: t("admin.contacts.backToList") }}
      query={contact}
      loading={
        <>
          <Skeleton className="h-9 w-64" />
          <Skeleton className="h-5 w-48" />
        </>
      }
      // An address that is no contact's id is refused as a bad request.
      notFound={t("admin.contacts.detail.notFound")}
      missingCodes={[404, 400]}
    >
      {(data) => (
        <>
          <DetailHeader title={displayName(data)} actions={<RoleBadges roles={data.activeRoles} />}>
            <p className="break-all text-body/75">{data.email}</p>
          </DetailHeader>
          <TabLinks
            label={t("admin.contacts.detail.sections")}
            tabs={[
              { to: `/admin/contacts/${data.id}`, label: t("admin.contacts.detail.overview"), end: true },
              { to: `/admin/contacts/${data.id}/account`, label: t("admin.contacts.detail.account") },
              { to: `/admin/contacts/${data.id}/callouts`, label: t("adminResponses.contact.tab") },
              { to: `/admin/contacts/${data.id}/emails`, label: t("adminMailings.contact.tab") },
              { to: `/admin/contacts/${data.id}/contribution`, label: t("adminPayments.contribution.tab") },
              { to: `/admin/contacts/${data.id}/activity`, label: t("adminActivity.contact.tab") },
            ]}
          />
          <Outlet context={data} />
        </>
      )}
    </DetailPage>
  );
}
