import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Segment } from "@cohort/common/segments";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { cx } from "../../../../ui/class-names";
import type { ContactListState } from "../hooks/list-state";
import { contactList } from "../hooks/list-state";

interface SegmentTabsProps {
  state: ContactListState;
  segments: readonly Segment[];
  /** How many contacts there are in all, when known. */
  totalCount: number | undefined;
}

/** "All contacts" and each saved segment with its live count; choosing one clears the filter. */
export function SegmentTabs({ state, segments, totalCount }: SegmentTabsProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const tabs = [
    { id: undefined, name: t("admin.contacts.segments.all"), count: totalCount },
    ...segments.map((segment) => ({ id: segment.id, name: segment.name, count: segment.contactCount })),
  ];

  return (
    <nav aria-label={t("admin.contacts.segments.label")} className="-mb-px overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-black/10">
        {tabs.map((tab) => {
          const isCurrent = tab.id === state.segmentId;
          const search = contactList.write({ ...state, segmentId: tab.id, rules: undefined, page: 1 }).toString();
          return (
            <li key={tab.id ?? "all"}>
              <Link
                to={{ search: search ? `?${search}` : "" }}
                aria-current={isCurrent ? "page" : undefined}
                className={cx(
                  "focus-ring -mb-px flex items-center gap-2 rounded-t-lg border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap",
                  isCurrent
                    ? "border-primary text-primary"
                    : "border-transparent text-body/70 hover:border-body/30 hover:text-body",
                )}
              >
                {tab.name}
                {tab.count !== undefined && (
                  <span
                    className={cx(
                      "rounded-full px-2 py-0.5 text-xs tabular-nums",
                      isCurrent ? "bg-primary text-on-primary" : "bg-body/8 text-body/75",
                    )}
                  >
                    {format.number(tab.count)}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
