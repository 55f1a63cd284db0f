import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EyeOff } from "lucide-react";
import type { Callout } from "@cohort/common/callouts";
import type { CalloutSortField } from "../../../../api/admin-callouts";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { linkClass } from "../../../../ui/class-names";
import type { SortDirection } from "../../../../ui/table";
import { SortableHeader, Table, cellClass, headerCellClass } from "../../../../ui/table";
import { StatusBadge } from "../components/status-badge";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import type { SortOrder } from "./list-state";

interface CalloutsTableProps {
  callouts: readonly Callout[];
  sort: CalloutSortField;
  order: SortOrder;
  showResponses: boolean;
  isBusy: boolean;
  onSort: (field: CalloutSortField) => void;
}

export function CalloutsTable({ callouts, sort, order, showResponses, isBusy, onSort }: CalloutsTableProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const dateTime = useDateTime();
  const direction = (field: CalloutSortField): SortDirection | undefined =>
    sort === field ? (order === "ASC" ? "ascending" : "descending") : undefined;
  const sortable = (field: CalloutSortField) => (
    <SortableHeader
      label={t(`adminCallouts.list.table.${field}`)}
      direction={direction(field)}
      onSort={() => onSort(field)}
    />
  );
  const notSet = <span className="text-body/70">{t("adminCallouts.list.table.notSet")}</span>;

  return (
    <Table
      caption={t("adminCallouts.list.table.caption")}
      isBusy={isBusy}
      className={isBusy ? "opacity-60" : undefined}
    >
      <thead>
        <tr>
          <th scope="col" className={headerCellClass}>
            {t("adminCallouts.list.table.status")}
          </th>
          {sortable("title")}
          <th scope="col" className={headerCellClass}>
            <span className="sr-only">{t("adminCallouts.list.table.hidden")}</span>
          </th>
          {showResponses && (
            <th scope="col" className={`${headerCellClass} text-right`}>
              {t("adminCallouts.list.table.responses")}
            </th>
          )}
          {sortable("starts")}
          {sortable("expires")}
        </tr>
      </thead>
      <tbody>
        {callouts.map((callout) => (
          <tr key={callout.id} className="hover:bg-body/3">
            <td className={cellClass}>
              <StatusBadge status={callout.status} />
            </td>
            <th scope="row" className={`${cellClass} max-w-96 min-w-56 font-normal`}>
              <Link to={`/admin/callouts/view/${callout.id}`} className={`${linkClass} block truncate no-underline`}>
                {callout.title || t("adminCallouts.untitled")}
              </Link>
              {callout.excerpt && (
                <span className="block truncate text-xs text-body/70" title={callout.excerpt}>
                  {callout.excerpt}
                </span>
              )}
            </th>
            <td className={`${cellClass} w-8`}>
              {callout.hidden && (
                <span title={t("adminCallouts.list.table.hiddenLabel")}>
                  <EyeOff aria-hidden className="size-4 text-body/70" />
                  <span className="sr-only">{t("adminCallouts.list.table.hiddenLabel")}</span>
                </span>
              )}
            </td>
            {showResponses && (
              <td className={`${cellClass} text-right tabular-nums`}>
                {callout.responseCount === undefined ? (
                  "–"
                ) : (
                  <Link
                    to={`/admin/callouts/view/${callout.id}/responses`}
                    className={linkClass}
                    aria-label={t("adminResponses.seeAllOf", {
                      number: format.number(callout.responseCount),
                      title: callout.title || t("adminCallouts.untitled"),
                    })}
                  >
                    {format.number(callout.responseCount)}
                  </Link>
                )}
              </td>
            )}
            <td className={`${cellClass} whitespace-nowrap`}>{callout.starts ? dateTime(callout.starts) : notSet}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{callout.expires ? dateTime(callout.expires) : notSet}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
