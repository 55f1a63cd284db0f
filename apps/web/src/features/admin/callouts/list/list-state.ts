import type { CalloutStatus } from "@cohort/common/callouts";
import type { Rule, RuleGroup } from "@cohort/common/filters";
import type { AdminCalloutListRequest, CalloutSortField } from "../../../../api/admin-callouts";
import { oneOfParam, orderParam, pageParam, pageSizeParam, textParam, urlList } from "../../shared/url-list-state";

export const PAGE_SIZES = [25, 50, 100] as const;
export const statusTabs = ["all", "open", "scheduled", "ended", "draft"] as const satisfies readonly (
  "all" | CalloutStatus
)[];
export type StatusTab = (typeof statusTabs)[number];
export type SortOrder = "ASC" | "DESC";
const sortFields: readonly CalloutSortField[] = ["title", "starts", "expires"];

/** What the callout list shows; all of it lives in the query string. */
export interface CalloutListState {
  tab: StatusTab;
  search: string;
  /** From 1. */
  page: number;
  pageSize: number;
  sort: CalloutSortField;
  order: SortOrder;
}

/** The address's parameters, in the order they are written. */
export const calloutList = urlList<CalloutListState>({
  tab: oneOfParam("status", statusTabs, "all"),
  search: textParam("q"),
  sort: oneOfParam("sort", sortFields, "starts"),
  order: orderParam(),
  pageSize: pageSizeParam(PAGE_SIZES),
  page: pageParam(100_000),
});

/**
 * The API request for the page the state describes. People who are not
 * admins see the callouts they review.
 */
export function listRequest(state: CalloutListState, isAdmin: boolean): AdminCalloutListRequest {
  const rules: Rule[] = [];
  if (state.tab !== "all") {
    rules.push({ field: "status", operator: "equal", value: [state.tab satisfies CalloutStatus] });
  }
  const search = state.search.trim();
  if (search) rules.push({ field: "title", operator: "contains", value: [search] });
  if (!isAdmin) rules.push({ field: "canReview", operator: "equal", value: [true] });
  const group: RuleGroup = { condition: "AND", rules };
  return {
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    sort: state.sort,
    order: state.order,
    rules: group,
    withResponseCount: isAdmin,
  };
}

/** Titles read best A to Z; dates newest first. */
export function nextSort(state: CalloutListState, field: CalloutSortField): Pick<CalloutListState, "sort" | "order"> {
  if (field === state.sort) return { sort: field, order: state.order === "ASC" ? "DESC" : "ASC" };
  return { sort: field, order: field === "title" ? "ASC" : "DESC" };
}
