import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { History } from "lucide-react";
import { activityListQueryOptions } from "../../../../api/activity";
import { messageForError } from "../../../../api/error-messages";
import { Alert } from "../../../../ui/alert";
import { EmptyState } from "../../../../ui/empty-state";
import { Skeleton } from "../../../../ui/skeleton";
import { ListPagination } from "../../shared/list-pagination";
import { ActivityFilters } from "../components/activity-filters";
import { ActivityTable } from "../components/activity-table";
import {
  activityListRequest,
  activityPageSizes,
  readActivityListState,
  writeActivityListState,
  type ActivityListState,
} from "../hooks/activity-list-state";

/** Admin → Activity: what staff and API keys changed, filtered by person, kind, date and contact. */
export function ActivityPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = readActivityListState(params);
  const list = useQuery(activityListQueryOptions(activityListRequest(state)));
  const update = (change: Partial<ActivityListState>) => setParams(writeActivityListState({ ...state, ...change }));
  const items = list.data?.items ?? [];
  const first = items[0];

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{t("adminActivity.title")}</h1>
        <p className="text-body/75">{t("adminActivity.intro")}</p>
      </div>
      <ActivityFilters
        filters={state}
        names={{ actor: first?.actor?.name ?? undefined, contact: first?.contact?.name ?? undefined }}
        onChange={(filters) => update({ ...filters, page: 1 })}
      />
      {list.isPending ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">{t("common.loading")}</span>
          <Skeleton className="h-40 w-full" />
        </div>
      ) : list.isError ? (
        <Alert variant="error" title={t(messageForError(list.error))} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={History}
          title={t("adminActivity.empty.title")}
          description={t("adminActivity.empty.description")}
        />
      ) : (
        <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
          <ActivityTable entries={items} caption={t("adminActivity.table.caption")} isBusy={list.isPlaceholderData} />
          <ListPagination
            keys="adminActivity.pagination"
            page={state.page}
            pageSize={state.size}
            pageSizes={activityPageSizes}
            total={list.data.total}
            shown={items.length}
            onPageChange={(page) => update({ page })}
            onPageSizeChange={(size) => update({ size, page: 1 })}
          />
        </div>
      )}
    </div>
  );
}
