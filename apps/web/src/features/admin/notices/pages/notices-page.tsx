import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Megaphone, Plus } from "lucide-react";
import type { NoticeSortField } from "@cohort/common/notices";
import { noticeStatuses } from "@cohort/common/notices";
import { noticeListQueryOptions } from "../../../../api/notices";
import { EmptyState } from "../../../../ui/empty-state";
import { linkButtonClass } from "../../../../ui/link-button-class";
import { SearchBox } from "../../../../ui/search-box";
import { Select } from "../../../../ui/select";
import { ListScreen } from "../../shared/list-screen/list-screen";
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
      <ListScreen
        query={list}
        frame="page"
        toolbar={
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
        }
        empty={{
          isBare: true,
          none: (
            <EmptyState
              icon={Megaphone}
              title={t(isFiltered ? "adminNotices.empty.filteredTitle" : "adminNotices.empty.title")}
              description={t(isFiltered ? "adminNotices.empty.filteredDescription" : "adminNotices.empty.description")}
            />
          ),
        }}
        pagination={{
          rangeFollowsRows: true,
          keys: "adminNotices.pagination",
          page: state.page,
          pageSize: state.size,
          pageSizes: noticePageSizes,
          onPageChange: (page) => update({ page }),
          onPageSizeChange: (size) => update({ size }),
        }}
      >
        {(notices, table) => (
          <NoticesTable
            notices={notices}
            sort={state.sort}
            order={state.order}
            isBusy={table.isBusy}
            onSort={handleSort}
          />
        )}
      </ListScreen>
    </div>
  );
}
