import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RotateCcw, UsersRound } from "lucide-react";
import type { Contact } from "@cohort/common/contacts";
import type { ContactSortField } from "@cohort/common/filters";
import { knownErrorCode } from "../../../../api/client-error";
import { messageForError } from "../../../../api/error-messages";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { EmptyState } from "../../../../ui/empty-state";
import { linkButtonClass } from "../../../../ui/link-button-class";
import type { ContactListState } from "../hooks/list-state";
import { PAGE_SIZES } from "../hooks/list-state";
import type { TableSelection } from "./contacts-table";
import { ContactsTable } from "./contacts-table";
import { ContactsTableSkeleton } from "./contacts-table-skeleton";
import { NoMatch, PastLastPage } from "../../shared/list-empty-states";
import { ListPagination } from "../../shared/list-pagination";

interface ContactsResultsProps {
  list: UseQueryResult<{ items: Contact[]; total: number }>;
  state: ContactListState;
  selection: TableSelection;
  hasFilters: boolean;
  /** The filter panel is open and already explains a refused rule. */
  isFilterOpen: boolean;
  onSort: (field: ContactSortField) => void;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  onClearFilters: () => void;
  onEditFilters: () => void;
}

/** The table with its pagination, or what stands in for it while loading, on failure or when empty. */
export function ContactsResults({
  list,
  state,
  selection,
  hasFilters,
  isFilterOpen,
  onSort,
  onPage,
  onPageSize,
  onClearFilters,
  onEditFilters,
}: ContactsResultsProps) {
  const { t } = useTranslation();

  if (list.isPending) return <ContactsTableSkeleton />;

  if (list.isError) {
    const isInvalidRule = knownErrorCode(list.error) === "invalid-rule";
    if (isInvalidRule && isFilterOpen) {
      return <p className="p-6 text-center text-body/70">{t("admin.contacts.empty.fixFilter")}</p>;
    }
    return (
      <div className="p-4 sm:p-6">
        <Alert variant="error" title={t(messageForError(list.error))}>
          {isInvalidRule && <p>{list.error.message}</p>}
          <div className="mt-3 flex flex-wrap gap-2">
            {isInvalidRule ? (
              <>
                <Button size="sm" variant="secondary" onClick={onEditFilters}>
                  {t("admin.contacts.filters.edit")}
                </Button>
                <Button size="sm" variant="ghost" onClick={onClearFilters}>
                  {t("admin.contacts.filters.clear")}
                </Button>
              </>
            ) : (
              <Button
                size="sm"
                variant="secondary"
                icon={<RotateCcw aria-hidden className="size-4" />}
                onClick={() => void list.refetch()}
              >
                {t("common.retry")}
              </Button>
            )}
          </div>
        </Alert>
      </div>
    );
  }

  const { items, total } = list.data;

  if (items.length === 0 && total > 0) {
    return <PastLastPage keys="admin.contacts.empty" onAction={() => onPage(1)} />;
  }

  if (items.length === 0) {
    return hasFilters ? (
      <NoMatch keys="admin.contacts.empty" onAction={onClearFilters} />
    ) : (
      <EmptyState
        icon={UsersRound}
        title={t("admin.contacts.empty.noneTitle")}
        description={t("admin.contacts.empty.noneDescription")}
        action={
          <Link to="/admin/contacts/add" className={linkButtonClass("primary", "sm")}>
            {t("admin.contacts.add")}
          </Link>
        }
      />
    );
  }

  return (
    <>
      <ContactsTable
        contacts={items}
        sort={state.sort}
        order={state.order}
        onSort={onSort}
        selection={selection}
        isBusy={list.isPlaceholderData}
      />
      <ListPagination
        keys="admin.contacts.pagination"
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={PAGE_SIZES}
        total={total}
        onPageChange={onPage}
        onPageSizeChange={onPageSize}
      />
    </>
  );
}
