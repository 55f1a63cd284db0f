import type { Rule, RuleGroup } from "@cohort/common/filters";
import type { NoticeSortField, NoticeStatus } from "@cohort/common/notices";
import { noticeSortFields, noticeStatuses } from "@cohort/common/notices";
import type { NoticeListRequest } from "../../../api/notices";
import { oneOfParam, orderParam, pageParam, pageSizeParam, textParam, urlList } from "../shared/url-list-state";

export const noticePageSizes = [25, 50, 100] as const;

/** What the notice list shows, as the address keeps it. */
export interface NoticeListState {
  status: NoticeStatus | undefined;
  search: string;
  sort: NoticeSortField;
  order: "ASC" | "DESC";
  page: number;
  size: number;
}

/** The address's parameters, in the order they are written. */
export const noticeList = urlList<NoticeListState>({
  status: oneOfParam("status", noticeStatuses, undefined),
  search: textParam("q", { maxLength: 100, keepBlank: true }),
  sort: oneOfParam("sort", noticeSortFields, "createdAt"),
  order: orderParam(),
  page: pageParam(),
  size: pageSizeParam(noticePageSizes),
});

/** The filter rules for a status and a name search, or undefined for every notice. */
export function noticeRules(state: Pick<NoticeListState, "status" | "search">): RuleGroup | undefined {
  const rules: Rule[] = [];
  if (state.status) rules.push({ field: "status", operator: "equal", value: [state.status] });
  const search = state.search.trim();
  if (search) rules.push({ field: "name", operator: "contains", value: [search] });
  return rules.length > 0 ? { condition: "AND", rules } : undefined;
}

export function noticeListRequest(state: NoticeListState): NoticeListRequest {
  return {
    limit: state.size,
    offset: (state.page - 1) * state.size,
    sort: state.sort,
    order: state.order,
    rules: noticeRules(state),
  };
}
