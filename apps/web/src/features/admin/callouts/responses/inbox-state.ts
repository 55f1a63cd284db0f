import type { Rule, RuleGroup } from "@cohort/common/filters";
import type { ResponseSortField } from "../../../../api/callout-responses";
import {
  oneOfParam,
  orderParam,
  pageParam,
  pageSizeParam,
  rulesParam,
  textParam,
  urlList,
} from "../../shared/url-list-state";

/** The inbox's buckets as the app names them; the inbox itself is the empty bucket on the wire. */
export const inboxBuckets = ["inbox", "verified", "trash"] as const;
export type InboxBucket = (typeof inboxBuckets)[number];

export const RESPONSE_PAGE_SIZES = [25, 50, 100] as const;
export const responseSortFields = ["createdAt", "number", "updatedAt"] as const satisfies ResponseSortField[];

/** The responses as a table, or the summary of their answers. */
export const inboxViews = ["table", "summary"] as const;
export type InboxView = (typeof inboxViews)[number];

/** What the inbox shows; all of it lives in the query string, so a view can be shared. */
export interface InboxState {
  view: InboxView;
  bucket: InboxBucket;
  /** From 1. */
  page: number;
  pageSize: number;
  sort: ResponseSortField;
  order: "ASC" | "DESC";
  /** Text searched for in every answer. */
  search: string;
  rules: RuleGroup | undefined;
}

/** The address's parameters, in the order they are written. */
export const inboxList = urlList<InboxState>({
  view: oneOfParam("view", inboxViews, "table"),
  bucket: oneOfParam("bucket", inboxBuckets, "inbox"),
  search: textParam("q"),
  rules: rulesParam,
  sort: oneOfParam("sort", responseSortFields, "createdAt"),
  order: orderParam(),
  pageSize: pageSizeParam(RESPONSE_PAGE_SIZES),
  page: pageParam(100_000),
});

export function isInboxBucket(value: unknown): value is InboxBucket {
  return (inboxBuckets as readonly unknown[]).includes(value);
}

/** The wire value of a bucket: the inbox is `""`. */
export function bucketValue(bucket: InboxBucket): string {
  return bucket === "inbox" ? "" : bucket;
}

/** The bucket a response's wire value names; unknown values read as the inbox. */
export function bucketOf(value: string | null | undefined): InboxBucket {
  return value === "verified" || value === "trash" ? value : "inbox";
}

/** The rule that keeps one bucket (the inbox is the empty bucket). */
export function bucketRule(bucket: InboxBucket): Rule {
  return bucket === "inbox"
    ? { field: "bucket", operator: "is_empty", value: [] }
    : { field: "bucket", operator: "equal", value: [bucket] };
}

/** The filter and the answer search together, without the bucket. */
export function filterRules(state: Pick<InboxState, "rules" | "search">): RuleGroup | undefined {
  const search = state.search.trim();
  const parts: (Rule | RuleGroup)[] = [];
  if (state.rules && state.rules.rules.length > 0) parts.push(state.rules);
  if (search) parts.push({ field: "answers", operator: "contains", value: [search] });
  return parts.length > 0 ? { condition: "AND", rules: parts } : undefined;
}

/** Everything the list shows: one bucket, the filter and the search. */
export function inboxRules(state: Pick<InboxState, "bucket" | "rules" | "search">, bucket = state.bucket): RuleGroup {
  const filter = filterRules(state);
  return { condition: "AND", rules: filter ? [bucketRule(bucket), filter] : [bucketRule(bucket)] };
}
