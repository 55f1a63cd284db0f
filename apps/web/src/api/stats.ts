import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ConversionGrouping, StatsQuery } from "@cohort/common/stats";
import {
  cancellationReasonStatsSchema,
  conversionStatsSchema,
  contributionBandsSchema,
  latestResponsesSchema,
  monthlyStatsSchema,
  statsSchema,
} from "@cohort/common/stats";
import { apiGet } from "./client";

/** New contacts, average contribution and revenue for a period (admins). */
export function statsQueryOptions(query: StatsQuery) {
  return queryOptions({
    queryKey: ["stats", query.from, query.to] as const,
    queryFn: ({ signal }) => apiGet("/stats", statsSchema, { signal, query: { from: query.from, to: query.to } }),
    placeholderData: keepPreviousData,
  });
}

/** The monthly series for the dashboard's charts: the last twelve months up to this one (admins). */
export function monthlyStatsQueryOptions() {
  return queryOptions({
    queryKey: ["stats", "monthly"] as const,
    queryFn: ({ signal }) => apiGet("/stats/monthly", monthlyStatsSchema, { signal, query: { months: "12" } }),
  });
}

/** Today's members by the monthly equivalent of their recurring contribution (admins). */
export function contributionBandsQueryOptions() {
  return queryOptions({
    queryKey: ["stats", "bands"] as const,
    queryFn: ({ signal }) => apiGet("/stats/bands", contributionBandsSchema, { signal }),
  });
}

/** The newest callout responses across every callout, for the dashboard (admins). */
export function latestResponsesQueryOptions() {
  return queryOptions({
    queryKey: ["stats", "responses"] as const,
    queryFn: ({ signal }) => apiGet("/stats/responses", latestResponsesSchema, { signal }),
  });
}

/** The reasons members gave for cancelling or pausing over a period (admins). */
export function cancellationReasonsQueryOptions(query: StatsQuery) {
  return queryOptions({
    queryKey: ["stats", "cancellation-reasons", query.from, query.to] as const,
    queryFn: ({ signal }) =>
      apiGet("/stats/cancellation-reasons", cancellationReasonStatsSchema, {
        signal,
        query: { from: query.from, to: query.to },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Each callout's (or source's) answers over a period and the members who joined soon after (admins; decision 074). */
export function conversionsQueryOptions(query: StatsQuery, by: ConversionGrouping) {
  return queryOptions({
    queryKey: ["stats", "callout-conversions", query.from, query.to, by] as const,
    queryFn: ({ signal }) =>
      apiGet("/stats/callout-conversions", conversionStatsSchema, {
        signal,
        query: { from: query.from, to: query.to, by },
      }),
    placeholderData: keepPreviousData,
  });
}
