import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import type {
  CalloutResponse,
  CalloutResponseComment,
  CalloutResponseWith,
  CalloutTag,
  CreateCalloutTag,
  UpdateCalloutResponse,
  UpdateCalloutTag,
} from "@cohort/common/callouts";
import {
  bulkUpdateResultSchema,
  calloutFunnelSchema,
  calloutResponseCommentListSchema,
  calloutResponseCommentSchema,
  calloutResponseListSchema,
  calloutResponseSchema,
  calloutTagSchema,
  responseSummarySchema,
} from "@cohort/common/callouts";
import type { RuleGroup } from "@cohort/common/filters";
import { apiGet, apiSend, apiUrl } from "./client";

/** A response with what the inbox asked for in `with`; keys it did not ask for (or may not see) are absent. */
export type InboxResponse = CalloutResponse;
export type ResponseComment = CalloutResponseComment;
export type { CalloutTag };

const calloutTagListSchema = z.array(calloutTagSchema);

// ---------------------------------------------------------------- requests

export type ResponseSortField = "number" | "createdAt" | "updatedAt";

/** One page of a callout's responses, as the inbox asks for it. */
export interface ResponseListRequest {
  limit: number;
  offset: number;
  sort: ResponseSortField;
  order: "ASC" | "DESC";
  rules: RuleGroup | undefined;
  with: readonly CalloutResponseWith[];
}

/** What a PATCH of one or many responses may change. Tags are `+<id>` (add) or `-<id>` (remove). */
export type ResponseUpdates = UpdateCalloutResponse;

export const responseKeys = {
  all: ["callout-responses"] as const,
  lists: (calloutId: string) => [...responseKeys.all, "list", calloutId] as const,
  list: (calloutId: string, request: ResponseListRequest) => [...responseKeys.lists(calloutId), request] as const,
  counts: (calloutId: string) => [...responseKeys.all, "counts", calloutId] as const,
  count: (calloutId: string, rules: RuleGroup | undefined) => [...responseKeys.counts(calloutId), rules] as const,
  detail: (id: string) => [...responseKeys.all, "detail", id] as const,
  neighbours: (calloutId: string) => [...responseKeys.all, "neighbours", calloutId] as const,
  neighbour: (calloutId: string, rules: RuleGroup, order: "ASC" | "DESC") =>
    [...responseKeys.neighbours(calloutId), rules, order] as const,
  byContact: (contactId: string) => [...responseKeys.all, "contact", contactId] as const,
  comments: (responseId: string) => [...responseKeys.all, "comments", responseId] as const,
  tags: (calloutId: string) => [...responseKeys.all, "tags", calloutId] as const,
};

const calloutPath = (calloutId: string) => `/callout/${encodeURIComponent(calloutId)}`;
const responsePath = (id: string) => `/callout-responses/${encodeURIComponent(id)}`;

const rulesQuery = (rules: RuleGroup | undefined) =>
  rules && rules.rules.length > 0 ? JSON.stringify(rules) : undefined;

export function fetchResponses(calloutId: string, request: ResponseListRequest, signal?: AbortSignal) {
  return apiGet(`${calloutPath(calloutId)}/responses`, calloutResponseListSchema, {
    signal,
    query: {
      limit: request.limit,
      offset: request.offset,
      sort: request.sort,
      order: request.order,
      rules: rulesQuery(request.rules),
      with: request.with.length > 0 ? request.with : undefined,
    },
  });
}

export function responseListQueryOptions(calloutId: string, request: ResponseListRequest) {
  return queryOptions({
    queryKey: responseKeys.list(calloutId, request),
    queryFn: ({ signal }) => fetchResponses(calloutId, request, signal),
    placeholderData: keepPreviousData,
  });
}

/** How many responses of the callout match the rules (a one-row page, for the bucket tabs). */
export function responseCountQueryOptions(calloutId: string, rules: RuleGroup | undefined) {
  return queryOptions({
    queryKey: responseKeys.count(calloutId, rules),
    queryFn: async ({ signal }) => {
      const page = await fetchResponses(
        calloutId,
        { limit: 1, offset: 0, sort: "createdAt", order: "DESC", rules, with: [] },
        signal,
      );
      return page.total;
    },
  });
}

/**
 * The response next to another in a list: the first of `rules` in `order`
 * by creation date, and how many there are (for "x of y").
 */
export function neighbourResponseQueryOptions(calloutId: string, rules: RuleGroup, order: "ASC" | "DESC") {
  return queryOptions({
    queryKey: responseKeys.neighbour(calloutId, rules, order),
    queryFn: async ({ signal }) => {
      const page = await fetchResponses(
        calloutId,
        { limit: 1, offset: 0, sort: "createdAt", order, rules, with: [] },
        signal,
      );
      return { id: page.items[0]?.id ?? null, total: page.total };
    },
  });
}

const detailWith = ["answers", "contact", "assignee", "tags"] as const satisfies CalloutResponseWith[];

export function responseQueryOptions(id: string) {
  return queryOptions({
    queryKey: responseKeys.detail(id),
    queryFn: ({ signal }) => apiGet(responsePath(id), calloutResponseSchema, { signal, query: { with: detailWith } }),
  });
}

/** A contact's responses across callouts, newest first (the contact page's Callouts tab). */
export function contactResponsesQueryOptions(contactId: string, page: { limit: number; offset: number }) {
  return queryOptions({
    queryKey: [...responseKeys.byContact(contactId), page] as const,
    queryFn: ({ signal }) =>
      apiGet("/callout-responses", calloutResponseListSchema, {
        signal,
        query: {
          limit: page.limit,
          offset: page.offset,
          sort: "createdAt",
          order: "DESC",
          rules: JSON.stringify({
            condition: "AND",
            rules: [{ field: "contact", operator: "equal", value: [contactId] }],
          }),
          with: ["callout", "tags"],
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export async function updateResponse(id: string, updates: ResponseUpdates): Promise<void> {
  await apiSend("PATCH", responsePath(id), updates);
}

/** Changes every response the rules match; answers how many changed. */
export async function bulkUpdateResponses(
  rules: RuleGroup,
  updates: Omit<ResponseUpdates, "answers">,
): Promise<number> {
  const { affected } = bulkUpdateResultSchema.parse(await apiSend("PATCH", "/callout-responses", { rules, updates }));
  return Math.max(affected, 0);
}

/** The address of the CSV of the responses the rules match (a download, so a plain link). */
export function responsesCsvUrl(calloutId: string, rules: RuleGroup | undefined): string {
  return apiUrl(`${calloutPath(calloutId)}/responses.csv`, { rules: rulesQuery(rules) });
}

// ---------------------------------------------------------------- comments

export function commentsQueryOptions(responseId: string) {
  return queryOptions({
    queryKey: responseKeys.comments(responseId),
    queryFn: ({ signal }) =>
      apiGet("/callout-response-comments", calloutResponseCommentListSchema, {
        signal,
        query: {
          limit: 100,
          offset: 0,
          sort: "createdAt",
          order: "ASC",
          rules: JSON.stringify({
            condition: "AND",
            rules: [{ field: "responseId", operator: "equal", value: [responseId] }],
          }),
        },
      }),
  });
}

export async function createComment(responseId: string, text: string): Promise<ResponseComment> {
  return calloutResponseCommentSchema.parse(await apiSend("POST", "/callout-response-comments", { responseId, text }));
}

export async function updateComment(id: string, text: string): Promise<void> {
  await apiSend("PATCH", `/callout-response-comments/${encodeURIComponent(id)}`, { text });
}

export async function deleteComment(id: string): Promise<void> {
  await apiSend("DELETE", `/callout-response-comments/${encodeURIComponent(id)}`);
}

// ---------------------------------------------------------------- tags

export function calloutTagsQueryOptions(calloutId: string) {
  return queryOptions({
    queryKey: responseKeys.tags(calloutId),
    queryFn: ({ signal }) =>
      apiGet(`${calloutPath(calloutId)}/tags`, calloutTagListSchema, {
        signal,
        query: { sort: "name", order: "ASC", with: "responseCount" },
      }),
  });
}

export async function createCalloutTag(calloutId: string, input: CreateCalloutTag): Promise<CalloutTag> {
  return calloutTagSchema.parse(await apiSend("POST", `${calloutPath(calloutId)}/tags`, input));
}

export async function updateCalloutTag(calloutId: string, tagId: string, input: UpdateCalloutTag): Promise<CalloutTag> {
  return calloutTagSchema.parse(
    await apiSend("PATCH", `${calloutPath(calloutId)}/tags/${encodeURIComponent(tagId)}`, input),
  );
}

export async function deleteCalloutTag(calloutId: string, tagId: string): Promise<void> {
  await apiSend("DELETE", `${calloutPath(calloutId)}/tags/${encodeURIComponent(tagId)}`);
}

// ---------------------------------------------------------------- summary of answers

/** The summary of the answers of the responses the rules select (decision 072). */
export function responseSummaryQueryOptions(calloutId: string, rules: RuleGroup | undefined) {
  return queryOptions({
    queryKey: [...responseKeys.all, "summary", calloutId, rules] as const,
    queryFn: ({ signal }) =>
      apiGet(`${calloutPath(calloutId)}/responses/summary`, responseSummarySchema, {
        signal,
        query: { rules: rulesQuery(rules) },
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * How far visits got through the callout's form (decision 073), over the days the
 * rules' dates of creation select; their other rules do not apply to counters.
 */
export function calloutFunnelQueryOptions(calloutId: string, rules: RuleGroup | undefined) {
  return queryOptions({
    queryKey: [...responseKeys.all, "funnel", calloutId, rules] as const,
    queryFn: ({ signal }) =>
      apiGet(`${calloutPath(calloutId)}/responses/funnel`, calloutFunnelSchema, {
        signal,
        query: { rules: rulesQuery(rules) },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The summary's figures as CSV: every input's, or one input's by its `slideId.key`. */
export function responseSummaryCsvUrl(calloutId: string, rules: RuleGroup | undefined, key?: string): string {
  return apiUrl(`${calloutPath(calloutId)}/responses/summary.csv`, { rules: rulesQuery(rules), key });
}
