import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { StatsQuery } from "@cohort/common/stats";
import { statsSchema } from "@cohort/common/stats";
import { apiGet } from "./client";

/** New contacts, average contribution and revenue for a period (admins). */
export function statsQueryOptions(query: StatsQuery) {
  return queryOptions({
    queryKey: ["stats", query.from, query.to] as const,
    queryFn: ({ signal }) => apiGet("/stats", statsSchema, { signal, query: { from: query.from, to: query.to } }),
    placeholderData: keepPreviousData,
  });
}
