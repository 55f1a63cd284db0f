import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Plus } from "lucide-react";
import { hasRole } from "@cohort/common/contacts";
import { adminCalloutListQueryOptions } from "../../../../api/admin-callouts";
import { useSession } from "../../../../api/session";
import { linkButtonClass } from "../../../../ui/link-button-class";
import { SearchBox } from "../../../../ui/search-box";
import { useUrlListState } from "../../shared/url-list-state";
import { CalloutsResults } from "../list/callouts-results";
import { calloutList, listRequest, nextSort } from "../list/list-state";
import { StatusTabs } from "../list/status-tabs";

/** Every callout for admins; the callouts they review for everyone else. */
export function CalloutsPage() {
  const { t } = useTranslation();
  const user = useSession();
  const isAdmin = hasRole(user?.activeRoles ?? [], "admin");
  const { state, update } = useUrlListState(calloutList);
  const list = useQuery(adminCalloutListQueryOptions(listRequest(state, isAdmin)));

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
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
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
        <CalloutsResults
          list={list}
          state={state}
          isAdmin={isAdmin}
          onSort={(field) => update(nextSort(state, field))}
          onPage={(page) => update({ page })}
          onPageSize={(pageSize) => update({ pageSize })}
          onClear={() => update({ tab: "all", search: "" })}
        />
      </div>
    </div>
  );
}
