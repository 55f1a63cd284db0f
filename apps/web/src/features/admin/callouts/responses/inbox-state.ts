import type { Rule, RuleGroup } from "@cohort/common/filters";
import { ruleGroupSchema } from "@cohort/common/filters";
import type { ResponseSortField } from "../../../../api/callout-responses";

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

export const defaultInboxState: InboxState = {
  view: "table",
  bucket: "inbox",
  page: 1,
  pageSize: RESPONSE_PAGE_SIZES[0],
  sort: "createdAt",
  order: "DESC",
  search: "",
  rules: undefined,
};

const MAX_PAGE = 100_000;

function parseRules(value: string | null): RuleGroup | undefined {
  if (!value) return undefined;
  try {
    const parsed = ruleGroupSchema.safeParse(JSON.parse(value));
    return parsed.success && parsed.data.rules.length > 0 ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function isInboxBucket(value: unknown): value is InboxBucket {
  return (inboxBuckets as readonly unknown[]).includes(value);
}

/** Reads the inbox state from a query string; anything odd falls back to the default. */
export function parseInboxState(params: URLSearchParams): InboxState {
  const bucket = params.get("bucket");
  const page = Number(params.get("page"));
  const size = Number(params.get("size"));
  const sort = params.get("sort");
  const order = params.get("order");
  const view = params.get("view");
  return {
    view: view === "summary" ? "summary" : defaultInboxState.view,
    bucket: isInboxBucket(bucket) ? bucket : defaultInboxState.bucket,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : defaultInboxState.page,
    pageSize: (RESPONSE_PAGE_SIZES as readonly number[]).includes(size) ? size : defaultInboxState.pageSize,
    sort: (responseSortFields as readonly (string | null)[]).includes(sort)
      ? (sort as ResponseSortField)
      : defaultInboxState.sort,
    order: order === "ASC" || order === "DESC" ? order : defaultInboxState.order,
    search: params.get("q") ?? "",
    rules: parseRules(params.get("rules")),
  };
}

/** Writes the inbox state as a query string, leaving out what is the default. */
export function inboxStateToParams(state: InboxState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view !== defaultInboxState.view) params.set("view", state.view);
  if (state.bucket !== defaultInboxState.bucket) params.set("bucket", state.bucket);
  if (state.search.trim()) params.set("q", state.search);
  if (state.rules && state.rules.rules.length > 0) params.set("rules", JSON.stringify(state.rules));
  if (state.sort !== defaultInboxState.sort) params.set("sort", state.sort);
  if (state.order !== defaultInboxState.order) params.set("order", state.order);
  if (state.pageSize !== defaultInboxState.pageSize) params.set("size", String(state.pageSize));
  if (state.page !== defaultInboxState.page) params.set("page", String(state.page));
  return params;
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
