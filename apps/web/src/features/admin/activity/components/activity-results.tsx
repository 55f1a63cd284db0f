import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { History } from "lucide-react";
import type { ActivityList } from "@cohort/common/activity";
import { EmptyState } from "../../../../ui/empty-state";
import { ListScreen } from "../../shared/list-screen/list-screen";
import { activityPageSizes } from "../hooks/activity-list-state";
import { ActivityTable } from "./activity-table";

interface ActivityResultsProps {
  list: UseQueryResult<ActivityList>;
  /** The filters above the record, where it has some. */
  filters?: ReactNode;
  caption: string;
  empty: { title: string; description?: string };
  page: number;
  size: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  hideContact?: boolean;
}

/** One page of the activity record, or its loading, error and empty states. */
export function ActivityResults({
  list,
  filters,
  caption,
  empty,
  hideContact,
  page,
  size,
  ...handlers
}: ActivityResultsProps) {
  return (
    <ListScreen
      query={list}
      frame="page"
      toolbar={filters}
      empty={{ none: <EmptyState icon={History} title={empty.title} description={empty.description} /> }}
      pagination={{
        keys: "adminActivity.pagination",
        page,
        pageSize: size,
        pageSizes: activityPageSizes,
        rangeFollowsRows: true,
        ...handlers,
      }}
    >
      {(entries, table) => (
        <ActivityTable entries={entries} caption={caption} isBusy={table.isBusy} hideContact={hideContact} />
      )}
    </ListScreen>
  );
}
