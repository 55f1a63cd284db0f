import { useTranslation } from "react-i18next";
import { useFormatters } from "../../../app/i18n/use-formatters";
import { Pagination } from "../../../ui/pagination";

/**
 * Which rows a page shows (1-based, inclusive) and how many pages there are;
 * `shown` is how many rows the page really holds, when known.
 */
export function pageRange(state: { page: number; pageSize: number }, total: number, shown = state.pageSize) {
  if (total === 0) return { from: 0, to: 0, pageCount: 1 };
  const offset = (state.page - 1) * state.pageSize;
  const from = Math.min(offset + 1, total);
  const to = Math.min(offset + shown, total);
  return { from, to, pageCount: Math.max(1, Math.ceil(total / state.pageSize)) };
}

interface ListPaginationProps {
  /** Where the list's texts sit: `<keys>.label`, `.range`, `.pageSize`, `.previous` and `.next`. */
  keys: string;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  total: number;
  /** How many rows this page holds, when the range should follow the rows rather than the page size. */
  shown?: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** The pagination bar under an admin list's table, with the list's own texts. */
export function ListPagination({ keys, page, pageSize, pageSizes, total, shown, ...handlers }: ListPaginationProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const range = pageRange({ page, pageSize }, total, shown);
  return (
    <div className="border-t border-black/5 px-4 py-3">
      <Pagination
        page={page}
        pageCount={range.pageCount}
        pageSize={pageSize}
        pageSizes={pageSizes}
        {...handlers}
        labels={{
          navigation: t(`${keys}.label`),
          range: t(`${keys}.range`, {
            from: format.number(range.from),
            to: format.number(range.to),
            total: format.number(total),
          }),
          pageSize: t(`${keys}.pageSize`),
          previous: t(`${keys}.previous`),
          next: t(`${keys}.next`),
        }}
      />
    </div>
  );
}
