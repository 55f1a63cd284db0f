import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./button";
import { Select } from "./select";

export interface PaginationLabels {
  /** Name of the navigation landmark. */
  navigation: string;
  /** For example "26–50 of 61". */
  range: string;
  pageSize: string;
  previous: string;
  next: string;
}

interface PaginationProps {
  page: number;
  pageCount: number;
  pageSize: number;
  pageSizes: readonly number[];
  labels: PaginationLabels;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Previous and next page, the rows shown, and how many rows a page holds. */
export function Pagination({
  page,
  pageCount,
  pageSize,
  pageSizes,
  labels,
  onPageChange,
  onPageSizeChange,
}: PaginationProps) {
  return (
    <nav aria-label={labels.navigation} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <label className="flex items-center gap-2">
        <span className="text-body/75">{labels.pageSize}</span>
        <Select
          size="sm"
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
          className="w-20"
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </label>
      <div className="flex items-center gap-2">
        <p aria-live="polite" className="font-semibold whitespace-nowrap tabular-nums">
          {labels.range}
        </p>
        <Button
          variant="secondary"
          size="sm"
          aria-label={labels.previous}
          icon={<ChevronLeft aria-hidden className="size-4" />}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        />
        <Button
          variant="secondary"
          size="sm"
          aria-label={labels.next}
          icon={<ChevronRight aria-hidden className="size-4" />}
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
        />
      </div>
    </nav>
  );
}
