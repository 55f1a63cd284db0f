import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { displayName } from "@cohort/common/contacts";
import type { InboxResponse, ResponseSortField } from "../../../../api/callout-responses";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { Badge } from "../../../../ui/badge";
import { cx, linkClass } from "../../../../ui/class-names";
import { SafeHtml } from "../../../../ui/safe-html";
import type { SortDirection } from "../../../../ui/table";
import { SortableHeader, Table, cellClass, headerCellClass } from "../../../../ui/table";
import type { AnswerField } from "../../shared/answer-fields";
import { answerOf } from "../../shared/answer-fields";
import { useAnswerText } from "./answer-view";

export interface ResponseSelection {
  isSelected: (id: string) => boolean;
  onToggle: (id: string, isSelected: boolean) => void;
  onTogglePage: (isSelected: boolean) => void;
}

interface ResponsesTableProps {
  responses: readonly InboxResponse[];
  /** The answers shown as columns. */
  columns: readonly AnswerField[];
  /** Admins see who answered; reviewers do not get contacts. */
  showContact: boolean;
  sort: ResponseSortField;
  order: "ASC" | "DESC";
  onSort: (field: ResponseSortField) => void;
  selection: ResponseSelection;
  isBusy: boolean;
  /** The query string the single response page keeps, to come back to the same view. */
  backSearch: string;
}

/** Who sent a response: the contact, else the guest's name and address, else nobody known. */
export function useResponderName() {
  const { t } = useTranslation();
  return (response: InboxResponse): string => {
    if (response.contact) return displayName(response.contact);
    if (response.guestName || response.guestEmail) {
      return [response.guestName, response.guestEmail && `<${response.guestEmail}>`].filter(Boolean).join(" ");
    }
    return response.contact === null ? t("adminResponses.table.anonymous") : "–";
  };
}

/**
 * A header whose words may wrap. The table is wider than the page at most sizes and scrolls
 * sideways; headers kept on one line widen it further and push later columns out of view.
 */
function WrappingHeader({ label, className, title }: { label: string; className?: string; title?: string }) {
  return (
    <th scope="col" className={cx(headerCellClass, className)} title={title}>
      <span className="line-clamp-2 whitespace-normal">{label}</span>
    </th>
  );
}

/*
 * The table scrolls within itself when its columns need more than the page's width; the selection
 * box and the response's number stay in view at its left, so that each row still says which it is.
 */
const stickyFirst = "sticky left-0 z-10";
const stickySecond = "sticky left-10 z-10 shadow-[inset_-1px_0_0_rgb(0_0_0/0.08)]";

export function ResponsesTable({
  responses,
  columns,
  showContact,
  sort,
  order,
  onSort,
  selection,
  isBusy,
  backSearch,
}: ResponsesTableProps) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const answerText = useAnswerText();
  const responderName = useResponderName();
  const direction = (field: ResponseSortField): SortDirection | undefined =>
    sort === field ? (order === "ASC" ? "ascending" : "descending") : undefined;
  const sortable = (field: ResponseSortField, className?: string) => (
    <SortableHeader
      label={t(`adminResponses.table.${field}`)}
      direction={direction(field)}
      onSort={() => onSort(field)}
      className={className}
    />
  );
  const allSelected = responses.length > 0 && responses.every((response) => selection.isSelected(response.id));
  const someSelected = responses.some((response) => selection.isSelected(response.id));

  return (
    <Table caption={t("adminResponses.table.caption")} isBusy={isBusy} className={cx(isBusy && "opacity-60")}>
      <thead>
        <tr>
          <th scope="col" className={cx(headerCellClass, stickyFirst, "w-10")}>
            <input
              type="checkbox"
              className="size-4 cursor-pointer accent-link"
              aria-label={t("adminResponses.table.selectPage")}
              checked={allSelected}
              ref={(input) => {
                if (input) input.indeterminate = someSelected && !allSelected;
              }}
              onChange={(event) => selection.onTogglePage(event.target.checked)}
            />
          </th>
          {sortable("number", stickySecond)}
          {showContact && <WrappingHeader label={t("adminResponses.table.contact")} />}
          {columns.map((field) => (
            <WrappingHeader key={field.fullKey} label={field.label} title={field.label} className="max-w-64" />
          ))}
          <WrappingHeader label={t("adminResponses.table.tags")} />
          <WrappingHeader label={t("adminResponses.table.assignee")} />
          <WrappingHeader label={t("adminResponses.table.latestComment")} />
          {sortable("createdAt")}
          {sortable("updatedAt")}
        </tr>
      </thead>
      <tbody>
        {responses.map((response) => {
          const isSelected = selection.isSelected(response.id);
          return (
            <tr key={response.id} className={cx("hover:bg-body/3", isSelected && "bg-link/5")}>
              <td className={cx(cellClass, stickyFirst, "bg-white")}>
                <input
                  type="checkbox"
                  className="size-4 cursor-pointer accent-link"
                  aria-label={t("adminResponses.table.select", { number: response.number })}
                  checked={isSelected}
                  onChange={(event) => selection.onToggle(response.id, event.target.checked)}
                />
              </td>
              <th scope="row" className={cx(cellClass, stickySecond, "bg-white font-normal whitespace-nowrap")}>
                <Link
                  to={{ pathname: response.id, search: backSearch }}
                  className={cx(linkClass, "font-semibold")}
                  aria-label={t("adminResponses.table.open", { number: response.number })}
                >
                  #{response.number}
                </Link>
              </th>
              {showContact && <td className={cx(cellClass, "max-w-56 truncate")}>{responderName(response)}</td>}
              {columns.map((field) => {
                const text = answerText(field, answerOf(response.answers, field));
                return (
                  <td key={field.fullKey} className={cx(cellClass, "max-w-64 min-w-40")}>
                    <span className="line-clamp-2 break-words" title={text}>
                      {text || <span className="text-body/70">–</span>}
                    </span>
                  </td>
                );
              })}
              <td className={cellClass}>
                <div className="flex max-w-56 flex-wrap gap-1">
                  {response.tags?.map((tag) => (
                    <Badge key={tag.id} tone="link">
                      {tag.name}
                    </Badge>
                  ))}
                </div>
              </td>
              <td className={cx(cellClass, "whitespace-nowrap")}>
                {response.assignee ? displayName(response.assignee) : <span className="text-body/70">–</span>}
              </td>
              <td className={cx(cellClass, "max-w-72 min-w-48")}>
                {response.latestComment ? (
                  <div className="text-xs">
                    <span className="font-semibold">{displayName(response.latestComment.contact)}: </span>
                    <SafeHtml html={response.latestComment.text} className="line-clamp-2 break-words text-body/80" />
                  </div>
                ) : (
                  <span className="text-body/70">–</span>
                )}
              </td>
              <td className={cx(cellClass, "whitespace-nowrap")}>{dateTime(response.createdAt)}</td>
              <td className={cx(cellClass, "whitespace-nowrap")}>{dateTime(response.updatedAt)}</td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
