import { queryOptions, useQuery } from "@tanstack/react-query";
import type { GeneralContent } from "@cohort/common/content";
import { currencySymbol, defaultGeneralContent, generalContentSchema } from "@cohort/common/content";
import { ONE_MINUTE } from "@cohort/common/time";
import { apiGet } from "./client";

export const contentKeys = {
  general: ["content", "general"] as const,
};

/** Used while the settings cannot be read, so that public pages still work. */
export const fallbackGeneralContent: GeneralContent = {
  ...defaultGeneralContent,
  currencyCode: "GBP",
  currencySymbol: currencySymbol("GBP"),
};

export async function fetchGeneralContent(signal?: AbortSignal): Promise<GeneralContent> {
  try {
    return await apiGet("/content/general", generalContentSchema, { signal });
  } catch {
    return fallbackGeneralContent;
  }
}

export const generalContentQueryOptions = queryOptions({
  queryKey: contentKeys.general,
  queryFn: ({ signal }) => fetchGeneralContent(signal),
  staleTime: 5 * ONE_MINUTE,
  retry: false,
});

/** Site-wide settings; the route guard loads them before any page renders. */
export function useGeneralContent(): GeneralContent {
  return useQuery(generalContentQueryOptions).data ?? fallbackGeneralContent;
}
