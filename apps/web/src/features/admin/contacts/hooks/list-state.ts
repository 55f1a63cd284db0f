import type { ContactSortField, RuleGroup } from "@cohort/common/filters";
import { contactSortFields, ruleGroupSchema } from "@cohort/common/filters";
import type { ContactListRequest } from "../../../../api/contacts";
import { combineRules, searchRules } from "../forms/search-rules";

export const PAGE_SIZES = [25, 50, 100] as const;
export type SortOrder = "ASC" | "DESC";

/** What the contact list shows; all of it lives in the query string. */
export interface ContactListState {
  /** From 1. */
  page: number;
  pageSize: number;
  sort: ContactSortField;
  order: SortOrder;
  search: string;
  rules: RuleGroup | undefined;
  segmentId: string | undefined;
}

export const defaultListState: ContactListState = {
  page: 1,
  pageSize: PAGE_SIZES[0],
  sort: "joined",
  order: "DESC",
  search: "",
  rules: undefined,
  segmentId: undefined,
};

const MAX_PAGE = 100_000;

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : defaultListState.page;
}

function parsePageSize(value: string | null): number {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultListState.pageSize;
}

function isSortField(value: string | null): value is ContactSortField {
  return (contactSortFields as readonly (string | null)[]).includes(value);
}

function parseRules(value: string | null): RuleGroup | undefined {
  if (!value) return undefined;
  try {
    const parsed = ruleGroupSchema.safeParse(JSON.parse(value));
    return parsed.success && parsed.data.rules.length > 0 ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the list state from a query string; anything odd falls back to the default. */
export function parseListState(params: URLSearchParams): ContactListState {
  const sort = params.get("sort");
  const order = params.get("order");
  return {
    page: parsePage(params.get("page")),
    pageSize: parsePageSize(params.get("size")),
    sort: isSortField(sort) ? sort : defaultListState.sort,
    order: order === "ASC" || order === "DESC" ? order : defaultListState.order,
    search: params.get("q") ?? "",
    rules: parseRules(params.get("rules")),
    segmentId: params.get("segment") || undefined,
  };
}

/** Writes the list state as a query string, leaving out what is the default. */
export function listStateToParams(state: ContactListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.segmentId) params.set("segment", state.segmentId);
  if (state.search.trim()) params.set("q", state.search);
  if (state.rules && state.rules.rules.length > 0) params.set("rules", JSON.stringify(state.rules));
  if (state.sort !== defaultListState.sort) params.set("sort", state.sort);
  if (state.order !== defaultListState.order) params.set("order", state.order);
  if (state.pageSize !== defaultListState.pageSize) params.set("size", String(state.pageSize));
  if (state.page !== defaultListState.page) params.set("page", String(state.page));
  return params;
}

/** The filter and the quick search together: what the list request sends as `rules`. */
export function effectiveRules(state: Pick<ContactListState, "rules" | "search">): RuleGroup | undefined {
  return combineRules(state.rules, searchRules(state.search));
}

/** The API request for the page the state describes. */
export function listRequest(state: ContactListState): ContactListRequest {
  const rules = effectiveRules(state);
  return {
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    sort: state.sort,
    order: state.order,
    ...(rules ? { rules } : {}),
    ...(state.segmentId ? { segmentId: state.segmentId } : {}),
  };
}
