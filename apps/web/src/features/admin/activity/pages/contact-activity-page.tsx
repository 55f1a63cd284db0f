import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { activityListQueryOptions } from "../../../../api/activity";
import { useRouteContact } from "../../shared/use-route-contact";
import { ActivityResults } from "../components/activity-results";
import { defaultActivityPageSize } from "../hooks/activity-list-state";

/** A contact's Activity tab: what staff and API keys did to this contact, bulk changes included. */
export function ContactActivityPage() {
  const { t } = useTranslation();
  const contact = useRouteContact();
  const [page, setPage] = useState({ number: 1, size: defaultActivityPageSize });
  const list = useQuery(
    activityListQueryOptions({ contactId: contact.id, limit: page.size, offset: (page.number - 1) * page.size }),
  );
  return (
    <ActivityResults
      list={list}
      caption={t("adminActivity.contact.caption")}
      empty={{ title: t("adminActivity.contact.noneTitle") }}
      page={page.number}
      size={page.size}
      onPageChange={(number) => setPage({ ...page, number })}
      onPageSizeChange={(size) => setPage({ number: 1, size })}
      hideContact
    />
  );
}
