import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { History } from "lucide-react";
import type { ActivityList } from "@cohort/common/activity";
import { messageForError } from "../../../../api/error-messages";
import { Alert } from "../../../../ui/alert";
import { EmptyState } from "../../../../ui/empty-state";
import { Skeleton } from "../../../../ui/skeleton";
import { ListPagination } from "../../shared/list-pagination";
import { activityPageSizes } from "../hooks/activity-list-state";
import { ActivityTable } from "./activity-table";

interface ActivityResultsProps {
  list: UseQueryResult<ActivityList>;
  caption: string;
  empty: { title: string; description?: string };
  page: number;
  size: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  hideContact?: boolean;
}

/** One page of the activity record, or its loading, error and empty states. */
export function ActivityResults({ list, caption, empty, hideContact, page, size, ...handlers }: ActivityResultsProps) {
  const { t } = useTranslation();
  if (list.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">{t("common.loading")}</span>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (list.isError) return <Alert variant="error" title={t(messageForError(list.error))} />;
  if (list.data.items.length === 0) {
    return (
      <div className="rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
        <EmptyState icon={History} title={empty.title} description={empty.description} />
      </div>
    );
  }
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
      <ActivityTable
        entries={list.data.items}
        caption={caption}
        isBusy={list.isPlaceholderData}
        hideContact={hideContact}
      />
      <ListPagination
        keys="adminActivity.pagination"
        page={page}
        pageSize={size}
        pageSizes={activityPageSizes}
        total={list.data.total}
        shown={list.data.items.length}
        {...handlers}
      />
    </div>
  );
}
