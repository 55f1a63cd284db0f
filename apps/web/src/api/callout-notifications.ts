import { queryOptions } from "@tanstack/react-query";
import type { CalloutNotifications, UpdateCalloutNotifications } from "@cohort/common/callouts";
import { calloutNotificationsSchema } from "@cohort/common/callouts";
import { apiGet, apiSend } from "./client";

const path = (calloutId: string) => `/callout/${encodeURIComponent(calloutId)}/notifications`;

export const calloutNotificationsKey = (calloutId: string) => ["admin-callouts", "notifications", calloutId] as const;

export function calloutNotificationsQueryOptions(calloutId: string) {
  return queryOptions({
    queryKey: calloutNotificationsKey(calloutId),
    queryFn: ({ signal }) => apiGet(path(calloutId), calloutNotificationsSchema, { signal }),
  });
}

export async function saveCalloutNotifications(
  calloutId: string,
  input: UpdateCalloutNotifications,
): Promise<CalloutNotifications> {
  return calloutNotificationsSchema.parse(await apiSend("PUT", path(calloutId), input));
}
