import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { Contact } from "@cohort/common/contacts";
import { displayName } from "@cohort/common/contacts";
import type { ContactSortField } from "@cohort/common/filters";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { linkClass } from "../../../../ui/class-names";
import type { SortDirection } from "../../../../ui/table";
import { SortButton, SortableHeader, Table, cellClass, headerCellClass } from "../../../../ui/table";
import type { SortOrder } from "../hooks/list-state";
import { useShortDate } from "../hooks/use-short-date";
import { RoleBadges } from "./role-badges";
import { TagBadges } from "./tag-badges";

export interface TableSelection {
  isSelected: (id: string) => boolean;
  onToggle: (id: string, isSelected: boolean) => void;
  onTogglePage: (isSelected: boolean) => void;
}

interface ContactsTableProps {
  contacts: readonly Contact[];
  sort: ContactSortField;
  order: SortOrder;
  onSort: (field: ContactSortField) => void;
  selection: TableSelection;
  isBusy: boolean;
}

const sortableColumns: { field: ContactSortField; labelKey: string }[] = [
  { field: "joined", labelKey: "admin.contacts.table.joined" },
  { field: "lastSeen", labelKey: "admin.contacts.table.lastSeen" },
  { field: "contributionMonthlyAmount", labelKey: "admin.contacts.table.contribution" },
];

/** Clicks on links, buttons and checkboxes do their own thing, not open the row. */
function isInteractive(event: MouseEvent): boolean {
  return event.target instanceof Element && Boolean(event.target.closest("a, button, input, label"));
}

export function ContactsTable({ contacts, sort, order, onSort, selection, isBusy }: ContactsTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormatters();
  const shortDate = useShortDate();
  const direction = (field: ContactSortField): SortDirection | undefined =>
    sort === field ? (order === "ASC" ? "ascending" : "descending") : undefined;
  const nameSort = direction("firstname") ?? direction("lastname") ?? direction("email");
  const selectedOnPage = contacts.filter((contact) => selection.isSelected(contact.id)).length;
  const isPageSelected = contacts.length > 0 && selectedOnPage === contacts.length;

  return (
    <Table caption={t("admin.contacts.table.caption")} isBusy={isBusy} className={isBusy ? "opacity-60" : undefined}>
      <thead>
        <tr>
          <th scope="col" className={`${headerCellClass} w-9`}>
            <input
              type="checkbox"
              aria-label={t("admin.contacts.selection.page")}
              checked={isPageSelected}
              ref={(input) => {
                if (input) input.indeterminate = selectedOnPage > 0 && !isPageSelected;
              }}
              onChange={(event) => selection.onTogglePage(event.target.checked)}
              className="focus-ring size-4 cursor-pointer accent-primary"
            />
          </th>
          <th scope="col" aria-sort={nameSort ?? "none"} className={headerCellClass}>
            <span className="flex items-center gap-3">
              <SortButton
                label={t("admin.contacts.table.name")}
                direction={direction("firstname")}
                onSort={() => onSort("firstname")}
              />
              <span aria-hidden className="text-body/30">
                /
              </span>
              <SortButton
                label={t("admin.contacts.table.email")}
                direction={direction("email")}
                onSort={() => onSort("email")}
              />
            </span>
          </th>
          {sortableColumns.map((column) => (
            <SortableHeader
              key={column.field}
              label={t(column.labelKey)}
              direction={direction(column.field)}
              onSort={() => onSort(column.field)}
            />
          ))}
          <th scope="col" className={headerCellClass}>
            {t("admin.contacts.table.roles")}
          </th>
          <th scope="col" className={headerCellClass}>
            {t("admin.contacts.table.tags")}
          </th>
        </tr>
      </thead>
      <tbody>
        {contacts.map((contact) => {
          const name = displayName(contact);
          const isSelected = selection.isSelected(contact.id);
          const contribution =
            contact.contributionAmount && contact.contributionPeriod
              ? t(`profile.contribution.${contact.contributionPeriod}`, {
                  amount: format.currency(contact.contributionAmount),
                })
              : null;
          return (
            <tr
              key={contact.id}
              onClick={(event) => {
                if (!isInteractive(event)) void navigate(`/admin/contacts/${contact.id}`);
              }}
              className={isSelected ? "cursor-pointer bg-link/8" : "cursor-pointer hover:bg-body/3"}
            >
              <td className={cellClass}>
                <input
                  type="checkbox"
                  aria-label={t("admin.contacts.selection.row", { name })}
                  checked={isSelected}
                  onChange={(event) => selection.onToggle(contact.id, event.target.checked)}
                  className="focus-ring size-4 cursor-pointer accent-primary"
                />
              </td>
              <th scope="row" className={`${cellClass} max-w-52 min-w-44 font-normal`}>
                <Link to={`/admin/contacts/${contact.id}`} className={`${linkClass} block truncate no-underline`}>
                  {name}
                </Link>
                <span className="block truncate text-xs text-body/70" title={contact.email}>
                  {contact.email}
                </span>
              </th>
              <td className={`${cellClass} whitespace-nowrap`}>{shortDate(contact.joined)}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                {contact.lastSeen ? (
                  shortDate(contact.lastSeen)
                ) : (
                  <span className="text-body/70">{t("admin.contacts.table.never")}</span>
                )}
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>
                {contribution ?? <span className="text-body/70">{t("admin.contacts.table.noContribution")}</span>}
              </td>
              <td className={cellClass}>
                <RoleBadges roles={contact.activeRoles} />
              </td>
              <td className={cellClass}>
                <TagBadges tags={contact.tags ?? []} limit={2} isCompact />
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
