import type { Rule, RuleGroup } from "@cohort/common/filters";
import type { NoticeSortField, NoticeStatus } from "@cohort/common/notices";
import { noticeSortFields, noticeStatuses } from "@cohort/common/notices";
import type { NoticeListRequest } from "../../../api/notices";

export const noticePageSizes = [25, 50, 100] as const;
const defaultPageSize = 25;

/** What the notice list shows, as the address keeps it. */
export interface NoticeListState {
  status: NoticeStatus | undefined;
  search: string;
  sort: NoticeSortField;
  order: "ASC" | "DESC";
  page: number;
  size: number;
}

function positiveInteger(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

function oneOf<T extends string>(options: readonly T[], value: string | null): T | undefined {
  return options.find((option) => option === value);
}

export function readNoticeListState(params: URLSearchParams): NoticeListState {
  const size = positiveInteger(params.get("size"), defaultPageSize);
  return {
    status: oneOf(noticeStatuses, params.get("status")),
    search: (params.get("q") ?? "").slice(0, 100),
    sort: oneOf(noticeSortFields, params.get("sort")) ?? "createdAt",
    order: params.get("order") === "ASC" ? "ASC" : "DESC",
    page: positiveInteger(params.get("page"), 1),
    size: noticePageSizes.some((option) => option === size) ? size : defaultPageSize,
  };
}

/** The address for a state; defaults stay out of it. */
export function writeNoticeListState(state: NoticeListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status) params.set("status", state.status);
  if (state.search) params.set("q", state.search);
  if (state.sort !== "createdAt") params.set("sort", state.sort);
  if (state.order !== "DESC") params.set("order", state.order);
  if (state.page > 1) params.set("page", String(state.page));
  if (state.size !== defaultPageSize) params.set("size", String(state.size));
  return params;
}

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
