import { queryOptions } from "@tanstack/react-query";
import type { Setup } from "@cohort/common/setup";
import { setupStatusSchema } from "@cohort/common/setup";
import { apiGet, apiSend } from "./client";

export const setupKeys = {
  status: ["setup", "status"] as const,
};

export const setupStatusQueryOptions = queryOptions({
  queryKey: setupKeys.status,
  queryFn: ({ signal }) => apiGet("/setup", setupStatusSchema, { signal }),
  retry: false,
});

/** Creates the first admin and logs them in. */
export async function completeSetup(input: Setup): Promise<void> {
  await apiSend("POST", "/setup", input);
}
