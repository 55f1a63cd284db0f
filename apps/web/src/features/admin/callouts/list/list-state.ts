import type { CalloutStatus } from "@cohort/common/callouts";
import type { Rule, RuleGroup } from "@cohort/common/filters";
import type { AdminCalloutListRequest, CalloutSortField } from "../../../../api/admin-callouts";

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

export const defaultListState: CalloutListState = {
  tab: "all",
  search: "",
  page: 1,
  pageSize: PAGE_SIZES[0],
  sort: "starts",
  order: "DESC",
};

const MAX_PAGE = 100_000;

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : defaultListState.page;
}

/** Reads the list state from a query string; anything odd falls back to the default. */
export function parseListState(params: URLSearchParams): CalloutListState {
  const tab = params.get("status");
  const sort = params.get("sort");
  const order = params.get("order");
  const size = Number(params.get("size"));
  return {
    tab: (statusTabs as readonly (string | null)[]).includes(tab) ? (tab as StatusTab) : defaultListState.tab,
    search: params.get("q") ?? "",
    page: parsePage(params.get("page")),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultListState.pageSize,
    sort: sortFields.includes(sort as CalloutSortField) ? (sort as CalloutSortField) : defaultListState.sort,
    order: order === "ASC" || order === "DESC" ? order : defaultListState.order,
  };
}

/** Writes the list state as a query string, leaving out what is the default. */
export function listStateToParams(state: CalloutListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== defaultListState.tab) params.set("status", state.tab);
  if (state.search.trim()) params.set("q", state.search);
  if (state.sort !== defaultListState.sort) params.set("sort", state.sort);
  if (state.order !== defaultListState.order) params.set("order", state.order);
  if (state.pageSize !== defaultListState.pageSize) params.set("size", String(state.pageSize));
  if (state.page !== defaultListState.page) params.set("page", String(state.page));
  return params;
}

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
