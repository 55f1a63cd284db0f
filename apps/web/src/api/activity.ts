import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { activityListSchema, type ActivityKind } from "@cohort/common/activity";
import { apiGet } from "./client";

/** One page of the activity record, as the admin screens ask for it. */
export interface ActivityListRequest {
  limit: number;
  offset: number;
  actorId?: string | undefined;
  apiKeyId?: string | undefined;
  kind?: ActivityKind | undefined;
  contactId?: string | undefined;
  /** ISO moments, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

export const activityKeys = {
  all: ["activity"] as const,
  list: (request: ActivityListRequest) => [...activityKeys.all, "list", request] as const,
};

/** Staff actions, newest first (admins; settings and key changes for superadmins only). */
export function activityListQueryOptions(request: ActivityListRequest) {
  return queryOptions({
    queryKey: activityKeys.list(request),
    queryFn: ({ signal }) => apiGet("/activity", activityListSchema, { signal, query: { ...request } }),
    placeholderData: keepPreviousData,
  });
}
