import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { RuleGroup } from "@cohort/common/filters";
import type { CreateNotice, Notice, NoticeSortField, UpdateNotice } from "@cohort/common/notices";
import { noticeListSchema, noticeSchema } from "@cohort/common/notices";
import { apiGet, apiSend } from "./client";

/** One page of the notice list, as the admin screen asks for it. */
export interface NoticeListRequest {
  limit: number;
  offset: number;
  sort: NoticeSortField;
  order: "ASC" | "DESC";
  rules?: RuleGroup | undefined;
}

export const noticeKeys = {
  all: ["notices"] as const,
  list: (request: NoticeListRequest) => [...noticeKeys.all, "list", request] as const,
  open: () => [...noticeKeys.all, "open"] as const,
  one: (id: string) => [...noticeKeys.all, "one", id] as const,
};

export function noticeListQueryOptions(request: NoticeListRequest) {
  return queryOptions({
    queryKey: noticeKeys.list(request),
    queryFn: ({ signal }) =>
      apiGet("/notice", noticeListSchema, {
        signal,
        query: {
          limit: request.limit,
          offset: request.offset,
          sort: request.sort,
          order: request.order,
          rules: request.rules ? JSON.stringify(request.rules) : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The notices open now (for members the server gives no others), newest first. */
export const openNoticesQueryOptions = queryOptions({
  queryKey: noticeKeys.open(),
  queryFn: async ({ signal }): Promise<Notice[]> => {
    const rules: RuleGroup = { condition: "AND", rules: [{ field: "status", operator: "equal", value: ["open"] }] };
    const list = await apiGet("/notice", noticeListSchema, {
      signal,
      query: { limit: 20, sort: "createdAt", order: "DESC", rules: JSON.stringify(rules) },
    });
    return list.items;
  },
});

export function noticeQueryOptions(id: string) {
  return queryOptions({
    queryKey: noticeKeys.one(id),
    queryFn: ({ signal }) => apiGet(`/notice/${encodeURIComponent(id)}`, noticeSchema, { signal }),
  });
}

export async function createNotice(input: CreateNotice): Promise<Notice> {
  return noticeSchema.parse(await apiSend("POST", "/notice", input));
}

export async function updateNotice(id: string, input: UpdateNotice): Promise<Notice> {
  return noticeSchema.parse(await apiSend("PATCH", `/notice/${encodeURIComponent(id)}`, input));
}

export async function deleteNotice(id: string): Promise<void> {
  await apiSend("DELETE", `/notice/${encodeURIComponent(id)}`);
}
