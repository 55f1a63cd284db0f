import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { activityListQueryOptions } from "../../../../api/activity";
import { ActivityFilters } from "../components/activity-filters";
import { ActivityResults } from "../components/activity-results";
import { useUrlListState } from "../../shared/url-list-state";
import { activityList, activityListRequest } from "../hooks/activity-list-state";

/** Admin → Activity: what staff and API keys changed, filtered by person, kind, date and contact. */
export function ActivityPage() {
  const { t } = useTranslation();
  const { state, update } = useUrlListState(activityList);
  const list = useQuery(activityListQueryOptions(activityListRequest(state)));
  const first = list.data?.items[0];

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{t("adminActivity.title")}</h1>
        <p className="text-body/75">{t("adminActivity.intro")}</p>
      </div>
      <ActivityResults
        list={list}
        filters={
          <ActivityFilters
            filters={state}
            names={{ actor: first?.actor?.name ?? undefined, contact: first?.contact?.name ?? undefined }}
            onChange={(filters) => update({ ...filters, page: 1 })}
          />
        }
        caption={t("adminActivity.table.caption")}
        empty={{ title: t("adminActivity.empty.title"), description: t("adminActivity.empty.description") }}
        page={state.page}
        size={state.size}
        onPageChange={(page) => update({ page })}
        onPageSizeChange={(size) => update({ size, page: 1 })}
      />
    </div>
  );
}
