import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { History } from "lucide-react";
import { activityListQueryOptions } from "../../../../api/activity";
import { messageForError } from "../../../../api/error-messages";
import { Alert } from "../../../../ui/alert";
import { EmptyState } from "../../../../ui/empty-state";
import { Skeleton } from "../../../../ui/skeleton";
import { useRouteContact } from "../../contacts/hooks/use-route-contact";
import { ListPagination } from "../../shared/list-pagination";
import { ActivityTable } from "../components/activity-table";
import { activityPageSizes } from "../hooks/activity-list-state";

/** A contact's Activity tab: what staff and API keys did to this contact, bulk changes included. */
export function ContactActivityPage() {
  const { t } = useTranslation();
  const contact = useRouteContact();
  const [page, setPage] = useState({ number: 1, size: 25 });
  const list = useQuery(
    activityListQueryOptions({ contactId: contact.id, limit: page.size, offset: (page.number - 1) * page.size }),
  );

  if (list.isPending) {
    return (
      <div role="status">
        <span className="sr-only">{t("common.loading")}</span>
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (list.isError) return <Alert variant="error" title={t(messageForError(list.error))} />;
  if (list.data.items.length === 0) {
    return (
      <div className="rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
        <EmptyState icon={History} title={t("adminActivity.contact.noneTitle")} />
      </div>
    );
  }
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
      <ActivityTable
        entries={list.data.items}
        caption={t("adminActivity.contact.caption")}
        isBusy={list.isPlaceholderData}
        hideContact
      />
      <ListPagination
        keys="adminActivity.pagination"
        page={page.number}
        pageSize={page.size}
        pageSizes={activityPageSizes}
        total={list.data.total}
        shown={list.data.items.length}
        onPageChange={(number) => setPage({ ...page, number })}
        onPageSizeChange={(size) => setPage({ number: 1, size })}
      />
    </div>
  );
}
