import { useQuery } from "@tanstack/react-query";
import type { RuleGroup } from "@cohort/common/filters";
import { neighbourResponseQueryOptions } from "../../../../api/callout-responses";
import type { InboxResponse } from "../../../../api/callout-responses";
import type { InboxState } from "./inbox-state";
import { bucketOf, inboxRules } from "./inbox-state";

/**
 * Where a response sits in its bucket, newest first as the inbox lists them:
 * its position, how many the bucket holds (with the inbox's filter), and the
 * responses before and after it. Two one-row queries each side, as the
 * reference does; responses sent in the same second count as neither.
 */
export function useResponseNeighbours(
  calloutId: string,
  response: InboxResponse | undefined,
  filter: Pick<InboxState, "rules" | "search">,
) {
  const bucket = bucketOf(response?.bucket);
  const base = inboxRules({ ...filter, bucket });
  const around = (operator: "greater" | "less"): RuleGroup => ({
    condition: "AND",
    rules: [...base.rules, { field: "createdAt", operator, value: [response?.createdAt ?? ""] }],
  });
  const enabled = Boolean(response);
  const newer = useQuery({ ...neighbourResponseQueryOptions(calloutId, around("greater"), "ASC"), enabled });
  const older = useQuery({ ...neighbourResponseQueryOptions(calloutId, around("less"), "DESC"), enabled });
  const all = useQuery({ ...neighbourResponseQueryOptions(calloutId, base, "DESC"), enabled });
  return {
    bucket,
    position: newer.data ? newer.data.total + 1 : undefined,
    total: all.data?.total,
    previousId: newer.data?.id ?? null,
    nextId: older.data?.id ?? null,
  };
}
