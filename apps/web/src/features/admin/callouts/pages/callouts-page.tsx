import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Megaphone, Plus } from "lucide-react";
import { hasRole } from "@cohort/common/contacts";
import { adminCalloutListQueryOptions } from "../../../../api/admin-callouts";
import { useSession } from "../../../../api/session";
import { EmptyState } from "../../../../ui/empty-state";
import { linkButtonClass } from "../../../../ui/link-button-class";
import { SearchBox } from "../../../../ui/search-box";
import { Skeleton } from "../../../../ui/skeleton";
import { ListScreen } from "../../shared/list-screen/list-screen";
import { useUrlListState } from "../../shared/url-list-state";
import { CalloutsTable } from "../list/callouts-table";
import { PAGE_SIZES, calloutList, listRequest, nextSort } from "../list/list-state";
import { StatusTabs } from "../list/status-tabs";

/** Every callout for admins; the callouts they review for everyone else. */
export function CalloutsPage() {
  const { t } = useTranslation();
  const user = useSession();
  const isAdmin = hasRole(user?.activeRoles ?? [], "admin");
  const { state, update } = useUrlListState(calloutList);
  const list = useQuery(adminCalloutListQueryOptions(listRequest(state, isAdmin)));
  const isFiltered = state.tab !== "all" || state.search.trim() !== "";
  const addLink = (
    <Link to="/admin/callouts/new" className={linkButtonClass("primary", "sm")}>
      {t("adminCallouts.list.add")}
    </Link>
  );

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">{t("adminCallouts.list.title")}</h1>
          <p className="text-body/75">{t(isAdmin ? "adminCallouts.list.intro" : "adminCallouts.list.introReviewer")}</p>
        </div>
        {isAdmin && (
          <Link to="/admin/callouts/new" className={linkButtonClass("primary", "sm")}>
            <Plus aria-hidden className="size-4" />
            {t("adminCallouts.list.add")}
          </Link>
        )}
      </header>
      <StatusTabs state={state} />
      <ListScreen
        query={list}
        toolbar={
          <div className="border-b border-black/5 p-3 sm:p-4">
            <SearchBox
              value={state.search}
              onSearch={(search) => update({ search }, { replace: true })}
              label={t("adminCallouts.list.search.label")}
              placeholder={t("adminCallouts.list.search.placeholder")}
              clearLabel={t("adminCallouts.list.search.clear")}
              className="relative w-full sm:max-w-sm"
            />
          </div>
        }
        loading={<LoadingRows />}
        empty={{
          keys: "adminCallouts.list.empty",
          onClear: isFiltered ? () => update({ tab: "all", search: "" }) : undefined,
          none: (
            <EmptyState
              icon={Megaphone}
              title={t("adminCallouts.list.empty.noneTitle")}
              description={t(
                isAdmin ? "adminCallouts.list.empty.noneDescription" : "adminCallouts.list.empty.noneReviewer",
              )}
              action={isAdmin && addLink}
            />
          ),
        }}
        pagination={{
          keys: "adminCallouts.list.pagination",
          page: state.page,
          pageSize: state.pageSize,
          pageSizes: PAGE_SIZES,
          onPageChange: (page) => update({ page }),
          onPageSizeChange: (pageSize) => update({ pageSize }),
        }}
      >
        {(callouts, table) => (
          <CalloutsTable
            callouts={callouts}
            sort={state.sort}
            order={state.order}
            showResponses={isAdmin}
            isBusy={table.isBusy}
            onSort={(field) => update(nextSort(state, field))}
          />
        )}
      </ListScreen>
    </div>
  );
}

/** Grey rows in the shape of the table while the first page loads. */
function LoadingRows() {
  return (
    <div className="space-y-3 p-4 sm:p-6">
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
