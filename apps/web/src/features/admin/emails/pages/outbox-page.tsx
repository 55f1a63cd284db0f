import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Inbox, RotateCcw, SearchX } from "lucide-react";
import { outboxQueryOptions } from "../../../../api/emails";
import { messageForError } from "../../../../api/error-messages";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { EmptyState } from "../../../../ui/empty-state";
import { Skeleton } from "../../../../ui/skeleton";
import { OutboxTable } from "../components/outbox-table";
import { OUTBOX_PAGE_SIZES, outboxList } from "../hooks/outbox-list-state";
import { ListPagination } from "../../shared/list-pagination";
import { useUrlListState } from "../../shared/url-list-state";

/** Every email Cohort has written, newest first, a page at a time. */
export function OutboxPage() {
  const { t } = useTranslation();
  const { state: paging, update } = useUrlListState(outboxList);
  const outbox = useQuery(outboxQueryOptions({ limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize }));

  if (outbox.isPending) {
    return (
      <div role="status" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5">
        <span className="sr-only">{t("common.loading")}</span>
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-5 w-3/4" />
        ))}
      </div>
    );
  }

  if (outbox.isError) {
    return (
      <Alert variant="error" title={t(messageForError(outbox.error))}>
        <Button
          size="sm"
          variant="secondary"
          className="mt-2"
          icon={<RotateCcw aria-hidden className="size-4" />}
          onClick={() => void outbox.refetch()}
        >
          {t("common.retry")}
        </Button>
      </Alert>
    );
  }

  const { items, total } = outbox.data;
  const isStoredOnly = items.some((email) => email.status === "stored");

  return (
    <div className="space-y-4">
      {isStoredOnly && <Alert variant="info">{t("adminEmails.outbox.storedNotice")}</Alert>}
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
        {items.length === 0 && total > 0 && (
          <EmptyState
            icon={SearchX}
            title={t("adminEmails.outbox.emptyPageTitle")}
            action={
              <Button size="sm" variant="secondary" onClick={() => update({ page: 1 })}>
                {t("adminEmails.outbox.firstPage")}
              </Button>
            }
          />
        )}
        {total === 0 && (
          <EmptyState
            icon={Inbox}
            title={t("adminEmails.outbox.emptyTitle")}
            description={t("adminEmails.outbox.emptyDescription")}
          />
        )}
        {items.length > 0 && (
          <>
            <OutboxTable emails={items} isBusy={outbox.isPlaceholderData} />
            <ListPagination
              keys="adminEmails.outbox.pagination"
              page={paging.page}
              pageSize={paging.pageSize}
              pageSizes={OUTBOX_PAGE_SIZES}
              total={total}
              shown={items.length}
              onPageChange={(page) => update({ page })}
              onPageSizeChange={(pageSize) => update({ pageSize })}
            />
          </>
        )}
      </div>
    </div>
  );
}
