import type { ContactSortField, RuleGroup } from "@cohort/common/filters";
import { contactSortFields } from "@cohort/common/filters";
import type { ContactListRequest } from "../../../../api/contacts";
import {
  oneOfParam,
  optionalTextParam,
  orderParam,
  pageParam,
  pageSizeParam,
  rulesParam,
  textParam,
  urlList,
} from "../../shared/url-list-state";
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

/** The address's parameters, in the order they are written. */
export const contactList = urlList<ContactListState>({
  segmentId: optionalTextParam("segment"),
  search: textParam("q"),
  rules: rulesParam,
  sort: oneOfParam("sort", contactSortFields, "joined"),
  order: orderParam(),
  pageSize: pageSizeParam(PAGE_SIZES),
  page: pageParam(100_000),
});

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
