import type { ComponentProps, ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Skeleton } from "../../../../ui/skeleton";
import { NoMatch, PastLastPage } from "../list-empty-states";
import { ListPagination } from "../list-pagination";
import { SelectionBar } from "../selection-bar";
import type { useRowSelection } from "../use-row-selection";
import type { RuleErrorTexts } from "./list-error";
import { ListError } from "./list-error";

/** A page of a list as the server answers it; `total` counts every row that matches, when the list has pages. */
export interface ListData<Row> {
  items: readonly Row[];
  total?: number;
}

/** What a table needs to show and change which of its rows are selected. */
export interface TableSelection {
  isSelected: (id: string) => boolean;
  onToggle: (id: string, isSelected: boolean) => void;
  onTogglePage: (isSelected: boolean) => void;
}

/** Rows that can be selected, and what can be done with them. */
export interface ListBulk<Row> {
  /** The list's selection (`useRowSelection`). */
  rows: ReturnType<typeof useRowSelection>;
  /** The id a row is selected by. */
  idOf: (row: Row) => string;
  texts: ComponentProps<typeof SelectionBar>["texts"];
  /** The bar's name. */
  label: string;
  /** Set while a change to the selected rows is under way. */
  busyText?: string | undefined;
  /** "Select all that match" may be offered (false while the list's own rules are still read). */
  canSelectAllMatching?: boolean;
  /** The buttons for what can be done with the selected rows. */
  actions: ReactNode;
}

export interface ListEmpty {
  /** Nothing to list at all; also any empty page when `keys` are not given. */
  none: ReactNode;
  /**
   * Where the texts of the other empty states sit: `pageTitle` and `firstPage` for a page past
   * the last, `noMatchTitle`, `noMatchDescription` and `clear` when a search or filter matches nothing.
   */
  keys?: string;
  /** Set while a search or filter narrows the list: nothing matches, with this way to clear it. */
  onClear?: (() => void) | undefined;
  /** In the `page` frame, the empty state stands on the page itself rather than in a card. */
  isBare?: boolean;
}

export type ListPages = Omit<ComponentProps<typeof ListPagination>, "total" | "shown"> & {
  /** The range names the rows the page holds rather than a whole page's worth (see `pageRange`). */
  rangeFollowsRows?: boolean;
};

export interface ListScreenProps<Row> {
  /** The read of the page the list shows. */
  query: UseQueryResult<ListData<Row>>;
  /**
   * `card`: one card holds the toolbar, the selection bar and the rows or what stands for them.
   * `page`: the toolbar, the loading shapes and a failure stand on the page; a card holds the rows.
   */
  frame?: "card" | "page";
  /** Search and filters above the rows. */
  toolbar?: ReactNode;
  /** Another view of the list in place of its rows, under the same toolbar (`card` frame). */
  view?: ReactNode;
  /** What stands over the rows' card while there are rows (totals, a notice). */
  aboveRows?: (data: ListData<Row>) => ReactNode;
  /** The shapes that stand for the rows while they load; a plain block unless given. */
  loading?: ReactNode;
  empty: ListEmpty;
  /** A filter the server refused: its reason and a way to mend it, instead of a retry. */
  ruleError?: RuleErrorTexts | undefined;
  bulk?: ListBulk<Row> | undefined;
  /** The bar of pages under the rows, with the list's texts and page sizes. */
  pagination?: ListPages | undefined;
  /** The table of the page's rows. */
  children: (rows: readonly Row[], table: { isBusy: boolean; selection: TableSelection }) => ReactNode;
}

/** The card an empty state stands in; the rows' card also clips its table's corners. */
const emptyCardClass = "rounded-2xl bg-white shadow-sm ring-1 ring-black/5";
const cardClass = `overflow-hidden ${emptyCardClass}`;

const noSelection: TableSelection = {
  isSelected: () => false,
  onToggle: () => undefined,
  onTogglePage: () => undefined,
};

/**
 * An admin list screen from one place: its toolbar, the bar of selected rows, then the rows with
 * their pages — or the loading shapes, the failure with a retry, or the empty state instead.
 */
export function ListScreen<Row>(props: ListScreenProps<Row>) {
  const { query, frame = "card", toolbar, view, aboveRows } = props;
  const hasRows = query.isSuccess && query.data.items.length > 0;
  const above = hasRows && aboveRows ? aboveRows(query.data) : null;
  const bar = props.bulk && <BulkSelectionBar bulk={props.bulk} data={query.data} />;
  if (frame === "page") {
    return (
      <>
        {toolbar}
        {bar}
        {above}
        <ListBody {...props} />
      </>
    );
  }
  return (
    <>
      {above}
      <div className={cardClass}>
        {toolbar}
        {view ?? (
          <>
            {bar}
            <ListBody {...props} />
          </>
        )}
      </div>
    </>
  );
}

/** The bar over the rows while some are selected. */
function BulkSelectionBar<Row>({ bulk, data }: { bulk: ListBulk<Row>; data: ListData<Row> | undefined }) {
  const { rows } = bulk;
  const pageIds = data?.items.map(bulk.idOf) ?? [];
  const total = data?.total ?? pageIds.length;
  const selectedCount = rows.count(total);
  if (selectedCount === 0) return null;
  const canSelectAllMatching =
    (bulk.canSelectAllMatching ?? true) &&
    !rows.isAllMatching &&
    pageIds.length > 0 &&
    pageIds.every((id) => rows.isSelected(id)) &&
    total > pageIds.length;
  return (
    <SelectionBar
      texts={bulk.texts}
      label={bulk.label}
      busyText={bulk.busyText}
      selectedCount={selectedCount}
      isAllMatching={rows.isAllMatching}
      canSelectAllMatching={canSelectAllMatching}
      pageCount={pageIds.length}
      total={total}
      onSelectAllMatching={rows.selectAllMatching}
      onClear={rows.clear}
    >
      {bulk.actions}
    </SelectionBar>
  );
}

/** The rows with their pages, or what stands in for them while loading, on failure or when empty. */
function ListBody<Row>(props: ListScreenProps<Row>) {
  const { t } = useTranslation();
  const { query, frame = "card", empty, pagination, bulk } = props;
  if (query.isPending) {
    return (
      <div role="status">
        <span className="sr-only">{t("common.loading")}</span>
        {props.loading ?? (
          <div className="space-y-3">
            <Skeleton className="h-40 w-full" />
          </div>
        )}
      </div>
    );
  }
  if (query.isError) {
    return (
      <ListError
        error={query.error}
        isInset={frame === "card"}
        onRetry={() => void query.refetch()}
        rule={props.ruleError}
      />
    );
  }
  const { items } = query.data;
  const total = query.data.total ?? items.length;
  const inCard = (content: ReactNode, className = cardClass) =>
    frame === "page" ? <div className={className}>{content}</div> : content;
  if (items.length === 0) {
    const nothing = <EmptyRows empty={empty} total={total} pagination={pagination} />;
    return empty.isBare ? nothing : inCard(nothing, emptyCardClass);
  }
  const pageIds = bulk ? items.map(bulk.idOf) : [];
  const selection: TableSelection = bulk
    ? {
        isSelected: bulk.rows.isSelected,
        onToggle: (id, isOn) => bulk.rows.toggle(id, isOn, pageIds),
        onTogglePage: (isOn) => bulk.rows.togglePage(pageIds, isOn),
      }
    : noSelection;
  return inCard(
    <>
      {props.children(items, { isBusy: query.isPlaceholderData, selection })}
      {pagination && <PagesBar pagination={pagination} total={total} shown={items.length} />}
    </>,
  );
}

/** The bar of pages; its range follows the rows or the page size, as the list asks. */
function PagesBar({ pagination, total, shown }: { pagination: ListPages; total: number; shown: number }) {
  const { rangeFollowsRows, ...bar } = pagination;
  return <ListPagination {...bar} total={total} shown={rangeFollowsRows ? shown : undefined} />;
}

/** No rows: a page past the last, nothing that matches the search or filter, or nothing at all. */
function EmptyRows({
  empty,
  total,
  pagination,
}: {
  empty: ListEmpty;
  total: number;
  pagination: ListPages | undefined;
}) {
  if (total > 0 && empty.keys && pagination) {
    return <PastLastPage keys={empty.keys} onAction={() => pagination.onPageChange(1)} />;
  }
  if (empty.onClear && empty.keys) return <NoMatch keys={empty.keys} onAction={empty.onClear} />;
  return empty.none;
}
