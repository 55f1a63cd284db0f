import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Megaphone, Plus } from "lucide-react";
import type { NoticeSortField } from "@cohort/common/notices";
import { noticeStatuses } from "@cohort/common/notices";
import { messageForError } from "../../../../api/error-messages";
import { noticeListQueryOptions } from "../../../../api/notices";
import { Alert } from "../../../../ui/alert";
import { EmptyState } from "../../../../ui/empty-state";
import { linkButtonClass } from "../../../../ui/link-button-class";
import { SearchBox } from "../../../../ui/search-box";
import { Select } from "../../../../ui/select";
import { Skeleton } from "../../../../ui/skeleton";
import { ListPagination } from "../../shared/list-pagination";
import { useUrlListState } from "../../shared/url-list-state";
import { NoticesTable } from "../components/notices-table";
import { noticeList, noticeListRequest, noticePageSizes } from "../list-state";

/** Every notice, with its status; filtered by status and name, sorted by any date or the name. */
export function NoticesPage() {
  const { t } = useTranslation();
  const { state, update } = useUrlListState(noticeList);
  const list = useQuery(noticeListQueryOptions(noticeListRequest(state)));
  const handleSort = (field: NoticeSortField) =>
    update({ sort: field, order: state.sort === field && state.order === "DESC" ? "ASC" : "DESC" });

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const isFiltered = Boolean(state.status || state.search);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t("adminNotices.title")}</h1>
        <Link to="/admin/notices/add" className={linkButtonClass("primary", "sm")}>
          <Plus aria-hidden="true" className="size-4" />
          {t("adminNotices.add")}
        </Link>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminNotices.filters.status")}
          <Select
            value={state.status ?? ""}
            onChange={(event) => update({ status: noticeStatuses.find((option) => option === event.target.value) })}
          >
            <option value="">{t("adminNotices.filters.allStatuses")}</option>
            {noticeStatuses.map((option) => (
              <option key={option} value={option}>
                {t(`adminNotices.status.${option}`)}
              </option>
            ))}
          </Select>
        </label>
        <SearchBox
          value={state.search}
          onSearch={(search) => update({ search })}
          label={t("adminNotices.filters.search")}
          placeholder={t("adminNotices.filters.search")}
          clearLabel={t("adminNotices.filters.clearSearch")}
        />
      </div>
      {list.isPending ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">{t("common.loading")}</span>
          <Skeleton className="h-40 w-full" />
        </div>
      ) : list.isError ? (
        <Alert variant="error" title={t(messageForError(list.error))} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={Megaphone}
          title={t(isFiltered ? "adminNotices.empty.filteredTitle" : "adminNotices.empty.title")}
          description={t(isFiltered ? "adminNotices.empty.filteredDescription" : "adminNotices.empty.description")}
        />
      ) : (
        <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
          <NoticesTable
            notices={items}
            sort={state.sort}
            order={state.order}
            isBusy={list.isPlaceholderData}
            onSort={handleSort}
          />
          <ListPagination
            keys="adminNotices.pagination"
            page={state.page}
            pageSize={state.size}
            pageSizes={noticePageSizes}
            total={total}
            shown={items.length}
            onPageChange={(page) => update({ page })}
            onPageSizeChange={(size) => update({ size })}
          />
        </div>
      )}
    </div>
  );
}
