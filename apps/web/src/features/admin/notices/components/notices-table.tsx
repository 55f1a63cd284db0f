import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Notice, NoticeSortField } from "@cohort/common/notices";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { linkClass } from "../../../../ui/class-names";
import type { SortDirection } from "../../../../ui/table";
import { cellClass, headerCellClass, SortableHeader, Table } from "../../../../ui/table";
import { NoticeStatusBadge } from "./notice-status-badge";

interface NoticesTableProps {
  notices: readonly Notice[];
  sort: NoticeSortField;
  order: "ASC" | "DESC";
  isBusy: boolean;
  onSort: (field: NoticeSortField) => void;
}

/** Notices with their status and the dates they show between. */
export function NoticesTable({ notices, sort, order, isBusy, onSort }: NoticesTableProps) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const direction = (field: NoticeSortField): SortDirection | undefined =>
    sort === field ? (order === "ASC" ? "ascending" : "descending") : undefined;
  const sortable = (field: NoticeSortField, label: string) => (
    <SortableHeader label={label} direction={direction(field)} onSort={() => onSort(field)} />
  );
  const when = (value: string | null) => (value ? dateTime(value) : <span className="text-body/70">–</span>);

  return (
    <Table caption={t("adminNotices.table.caption")} isBusy={isBusy}>
      <thead>
        <tr>
          {sortable("name", t("adminNotices.table.name"))}
          <th scope="col" className={headerCellClass}>
            {t("adminNotices.table.status")}
          </th>
          {sortable("starts", t("adminNotices.table.starts"))}
          {sortable("expires", t("adminNotices.table.expires"))}
          {sortable("createdAt", t("adminNotices.table.created"))}
        </tr>
      </thead>
      <tbody>
        {notices.map((notice) => (
          <tr key={notice.id}>
            <td className={cellClass}>
              <Link to={`/admin/notices/view/${notice.id}`} className={`${linkClass} font-semibold`}>
                {notice.name}
              </Link>
            </td>
            <td className={cellClass}>
              <NoticeStatusBadge status={notice.status} />
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>{when(notice.starts)}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{when(notice.expires)}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{dateTime(notice.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
