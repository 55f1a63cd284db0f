import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Megaphone, RotateCcw } from "lucide-react";
import type { CalloutList } from "@cohort/common/callouts";
import type { CalloutSortField } from "../../../../api/admin-callouts";
import { messageForError } from "../../../../api/error-messages";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { EmptyState } from "../../../../ui/empty-state";
import { linkButtonClass } from "../../../../ui/link-button-class";
import { Skeleton } from "../../../../ui/skeleton";
import { CalloutsTable } from "./callouts-table";
import type { CalloutListState } from "./list-state";
import { PAGE_SIZES } from "./list-state";
import { NoMatch, PastLastPage } from "../../shared/list-empty-states";
import { ListPagination } from "../../shared/list-pagination";

interface CalloutsResultsProps {
  list: UseQueryResult<CalloutList>;
  state: CalloutListState;
  isAdmin: boolean;
  onSort: (field: CalloutSortField) => void;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  onClear: () => void;
}

function LoadingRows() {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-3 p-4 sm:p-6">
      <span className="sr-only">{t("common.loading")}</span>
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="flex items-center gap-4">
          <Skeleton className="h-5 w-16 rounded-full" />
          <Skeleton className="h-5 flex-1" />
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-5 w-28" />
        </div>
      ))}
    </div>
  );
}

/** The table with its pagination, or what stands in for it while loading, on failure or when empty. */
export function CalloutsResults({ list, state, isAdmin, onSort, onPage, onPageSize, onClear }: CalloutsResultsProps) {
  const { t } = useTranslation();

  if (list.isPending) return <LoadingRows />;

  if (list.isError) {
    return (
      <div className="p-4 sm:p-6">
        <Alert variant="error" title={t(messageForError(list.error))}>
          <Button
            size="sm"
            variant="secondary"
            className="mt-3"
            icon={<RotateCcw aria-hidden className="size-4" />}
            onClick={() => void list.refetch()}
          >
            {t("common.retry")}
          </Button>
        </Alert>
      </div>
    );
  }

  const { items, total } = list.data;
  const isFiltered = state.tab !== "all" || state.search.trim() !== "";

  if (items.length === 0 && total > 0) {
    return <PastLastPage keys="adminCallouts.list.empty" onAction={() => onPage(1)} />;
  }

  if (items.length === 0) {
    if (isFiltered) return <NoMatch keys="adminCallouts.list.empty" onAction={onClear} />;
    return (
      <EmptyState
        icon={Megaphone}
        title={t("adminCallouts.list.empty.noneTitle")}
        description={t(isAdmin ? "adminCallouts.list.empty.noneDescription" : "adminCallouts.list.empty.noneReviewer")}
        action={
          isAdmin && (
            <Link to="/admin/callouts/new" className={linkButtonClass("primary", "sm")}>
              {t("adminCallouts.list.add")}
            </Link>
          )
        }
      />
    );
  }

  return (
    <>
      <CalloutsTable
        callouts={items}
        sort={state.sort}
        order={state.order}
        showResponses={isAdmin}
        isBusy={list.isPlaceholderData}
        onSort={onSort}
      />
      <ListPagination
        keys="adminCallouts.list.pagination"
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={PAGE_SIZES}
        total={total}
        onPageChange={onPage}
        onPageSizeChange={onPageSize}
      />
    </>
  );
}
