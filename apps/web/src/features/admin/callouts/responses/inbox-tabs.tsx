import { useQueries } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { RuleGroup } from "@cohort/common/filters";
import { responseCountQueryOptions } from "../../../../api/callout-responses";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { cx } from "../../../../ui/class-names";
import type { InboxBucket, InboxState } from "./inbox-state";
import { inboxBuckets, inboxRules, inboxList } from "./inbox-state";

const tabClass = (isActive: boolean) =>
  cx(
    "focus-ring -mb-px flex items-center gap-2 rounded-t-lg border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap",
    isActive ? "border-primary text-primary" : "border-transparent text-body/70 hover:border-body/30 hover:text-body",
  );

/** Inbox, verified and trash, each with how many responses of the current filter it holds. */
export function InboxTabs({ calloutId, state }: { calloutId: string; state: InboxState }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const counts = useQueries({
    queries: inboxBuckets.map((bucket) =>
      responseCountQueryOptions(calloutId, inboxRules(state, bucket) satisfies RuleGroup),
    ),
  });
  const search = (bucket: InboxBucket) => `?${inboxList.write({ ...state, bucket, page: 1 }).toString()}`;
  return (
    <nav aria-label={t("adminResponses.buckets.label")} className="overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-black/10">
        {inboxBuckets.map((bucket, index) => {
          const count = counts[index]?.data;
          const isActive = state.bucket === bucket;
          return (
            <li key={bucket}>
              <Link
                to={{ search: search(bucket) }}
                aria-current={isActive ? "page" : undefined}
                className={tabClass(isActive)}
              >
                {t(`adminCallouts.buckets.${bucket}`)}
                <span
                  className={cx("rounded-full px-2 text-xs tabular-nums", isActive ? "bg-primary/10" : "bg-body/8")}
                >
                  {count === undefined ? "…" : format.number(count)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
