import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Inbox } from "lucide-react";
import { outboxQueryOptions } from "../../../../api/emails";
import { Alert } from "../../../../ui/alert";
import { EmptyState } from "../../../../ui/empty-state";
import { Skeleton } from "../../../../ui/skeleton";
import { OutboxTable } from "../components/outbox-table";
import { OUTBOX_PAGE_SIZES, outboxList } from "../hooks/outbox-list-state";
import { ListScreen } from "../../shared/list-screen/list-screen";
import { useUrlListState } from "../../shared/url-list-state";

/** Every email Cohort has written, newest first, a page at a time. */
export function OutboxPage() {
  const { t } = useTranslation();
  const { state: paging, update } = useUrlListState(outboxList);
  const outbox = useQuery(outboxQueryOptions({ limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize }));

  return (
    <div className="space-y-4">
      <ListScreen
        query={outbox}
        loading={
          <div className="space-y-4 p-5">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-5 w-3/4" />
            ))}
          </div>
        }
        aboveRows={({ items }) =>
          items.some((email) => email.status === "stored") && (
            <Alert variant="info">{t("adminEmails.outbox.storedNotice")}</Alert>
          )
        }
        empty={{
          keys: "adminEmails.outbox",
          none: (
            <EmptyState
              icon={Inbox}
              title={t("adminEmails.outbox.emptyTitle")}
              description={t("adminEmails.outbox.emptyDescription")}
            />
          ),
        }}
        pagination={{
          rangeFollowsRows: true,
          keys: "adminEmails.outbox.pagination",
          page: paging.page,
          pageSize: paging.pageSize,
          pageSizes: OUTBOX_PAGE_SIZES,
          onPageChange: (page) => update({ page }),
          onPageSizeChange: (pageSize) => update({ pageSize }),
        }}
      >
        {(emails, table) => <OutboxTable emails={emails} isBusy={table.isBusy} />}
      </ListScreen>
    </div>
  );
}
