import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cx } from "../../../../ui/class-names";
import type { CalloutListState } from "./list-state";
import { calloutList, statusTabs } from "./list-state";

/** All, open, scheduled, ended and draft callouts; each tab keeps the search. */
export function StatusTabs({ state }: { state: CalloutListState }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("adminCallouts.list.tabsLabel")} className="overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-black/10">
        {statusTabs.map((tab) => {
          const isCurrent = tab === state.tab;
          const search = calloutList.write({ ...state, tab, page: 1 }).toString();
          return (
            <li key={tab}>
              <Link
                to={{ search: search ? `?${search}` : "" }}
                aria-current={isCurrent ? "page" : undefined}
                className={cx(
                  "focus-ring -mb-px block rounded-t-lg border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap",
                  isCurrent
                    ? "border-primary text-primary"
                    : "border-transparent text-body/70 hover:border-body/30 hover:text-body",
                )}
              >
                {t(`adminCallouts.list.tabs.${tab}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
