import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import type { CreateSegment, Segment, UpdateSegment } from "@cohort/common/segments";
import { segmentSchema, segmentWithCountSchema } from "@cohort/common/segments";
import { apiGet, apiSend } from "./client";

export const segmentKeys = {
  all: ["segments"] as const,
  list: () => [...segmentKeys.all, "list"] as const,
};

const segmentListSchema = z.array(segmentSchema);

/** Every segment in its display order, each with its current number of contacts. */
export const segmentsQueryOptions = queryOptions({
  queryKey: segmentKeys.list(),
  queryFn: ({ signal }): Promise<Segment[]> =>
    apiGet("/segments", segmentListSchema, { signal, query: { sort: "order", with: "contactCount" } }),
});

export async function createSegment(input: CreateSegment) {
  return segmentWithCountSchema.parse(await apiSend("POST", "/segments", input));
}

export async function updateSegment(id: string, input: UpdateSegment) {
  return segmentWithCountSchema.parse(await apiSend("PATCH", `/segments/${encodeURIComponent(id)}`, input));
}

export async function deleteSegment(id: string): Promise<void> {
  await apiSend("DELETE", `/segments/${encodeURIComponent(id)}`);
}
