import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import type { Callout, CalloutReviewer, CalloutWith, CreateCallout, UpdateCallout } from "@cohort/common/callouts";
import {
  calloutListSchema,
  calloutReviewerSchema,
  calloutSchema,
  uploadFlowSchema,
  uploadResultSchema,
} from "@cohort/common/callouts";
import type { Contact } from "@cohort/common/contacts";
import { contactListSchema } from "@cohort/common/contacts";
import type { RuleGroup } from "@cohort/common/filters";
import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@cohort/common/http";
import { ClientError } from "./client-error";
import { apiGet, apiSend } from "./client";

export type CalloutSortField = "title" | "starts" | "expires";

/** One page of the admin's callout list. */
export interface AdminCalloutListRequest {
  limit: number;
  offset: number;
  sort: CalloutSortField;
  order: "ASC" | "DESC";
  rules: RuleGroup;
  /** Only admins get counts; others would be refused nothing, just not sent them. */
  withResponseCount: boolean;
}

/** The callouts a picker offers: the latest hundred, newest first. */
export const latestCalloutsRequest: AdminCalloutListRequest = {
  limit: 100,
  offset: 0,
  sort: "starts",
  order: "DESC",
  rules: { condition: "AND", rules: [] },
  withResponseCount: false,
};

/** Everything the editor and the overview show about one callout. */
const detailWith = ["form", "responseViewSchema", "variants", "responseCount"] as const satisfies CalloutWith[];

export const adminCalloutKeys = {
  all: ["callouts"] as const,
  lists: () => [...adminCalloutKeys.all, "admin-list"] as const,
  list: (request: AdminCalloutListRequest) => [...adminCalloutKeys.lists(), request] as const,
  detail: (id: string) => [...adminCalloutKeys.all, "admin-detail", id] as const,
  reviewers: (id: string) => [...adminCalloutKeys.all, "reviewers", id] as const,
};

const path = (id: string) => `/callout/${encodeURIComponent(id)}`;

export function adminCalloutListQueryOptions(request: AdminCalloutListRequest) {
  return queryOptions({
    queryKey: adminCalloutKeys.list(request),
    queryFn: ({ signal }) =>
      apiGet("/callout", calloutListSchema, {
        signal,
        query: {
          limit: request.limit,
          offset: request.offset,
          sort: request.sort,
          order: request.order,
          rules: JSON.stringify(request.rules),
          with: request.withResponseCount ? ["responseCount"] : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** One callout by id or slug, with its form, variants, display settings and count. */
export function adminCalloutQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminCalloutKeys.detail(id),
    queryFn: ({ signal }) => apiGet(path(id), calloutSchema, { signal, query: { with: detailWith } }),
  });
}

export async function createCallout(input: CreateCallout): Promise<Callout> {
  return calloutSchema.parse(await apiSend("POST", "/callout", input));
}

export async function updateCallout(id: string, input: UpdateCallout): Promise<Callout> {
  return calloutSchema.parse(await apiSend("PATCH", path(id), input));
}

export async function deleteCallout(id: string): Promise<void> {
  await apiSend("DELETE", path(id));
}

/** A new draft copied from the callout, without dates. */
export async function replicateCallout(id: string): Promise<Callout> {
  const body: UpdateCallout = { starts: null, expires: null };
  return calloutSchema.parse(await apiSend("POST", "/callout", body, { query: { fromId: id } }));
}

const reviewerListSchema = z.array(calloutReviewerSchema);

export function calloutReviewersQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminCalloutKeys.reviewers(id),
    queryFn: ({ signal }) => apiGet(`${path(id)}/reviewers`, reviewerListSchema, { signal }),
  });
}

export async function addCalloutReviewer(id: string, contactId: string): Promise<CalloutReviewer> {
  return calloutReviewerSchema.parse(await apiSend("POST", `${path(id)}/reviewers`, { contactId }));
}

export async function removeCalloutReviewer(id: string, reviewerId: string): Promise<void> {
  await apiSend("DELETE", `${path(id)}/reviewers/${encodeURIComponent(reviewerId)}`);
}

/** Contacts whose email or name holds the text, for picking a reviewer. */
export async function searchContacts(text: string, signal?: AbortSignal): Promise<Contact[]> {
  const value = [text.trim()];
  const rules: RuleGroup = {
    condition: "OR",
    rules: (["email", "firstname", "lastname"] as const).map((field) => ({ field, operator: "contains", value })),
  };
  const list = await apiGet("/contact", contactListSchema, {
    signal,
    query: { limit: 10, offset: 0, sort: "email", order: "ASC", rules: JSON.stringify(rules) },
  });
  return list.items;
}

/**
 * Uploads one file: the API hands out a one-time token, then the file goes
 * to the upload endpoint at the site root. Answers the file's address.
 */
export async function uploadFile(file: File): Promise<string> {
  const { id } = uploadFlowSchema.pick({ id: true }).parse(await apiSend("POST", "/upload", {}));
  const body = new FormData();
  body.append("file", file);
  const response = await fetch(`/upload/?token=${encodeURIComponent(id)}`, {
    method: "POST",
    credentials: "same-origin",
    headers: { Accept: "application/json", [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
    body,
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw ClientError.fromResponse(response.status, parsed);
  return uploadResultSchema.parse(parsed).url;
}
