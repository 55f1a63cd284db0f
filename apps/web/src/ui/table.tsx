import type { ReactNode } from "react";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { cx } from "./class-names";

interface TableProps {
  /** Read out as the table's name. */
  caption: string;
  children: ReactNode;
  className?: string;
  isBusy?: boolean;
}

/** A data table that scrolls sideways on narrow screens instead of squashing its columns. */
export function Table({ caption, children, className, isBusy = false }: TableProps) {
  return (
    <div className={cx("relative overflow-x-auto", className)}>
      <table aria-busy={isBusy || undefined} className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const headerCellClass =
  "border-b border-black/10 bg-canvas px-3 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-body/70 uppercase";
export const cellClass = "border-b border-black/5 px-3 py-3 align-middle";

export type SortDirection = "ascending" | "descending";

interface SortButtonProps {
  label: string;
  /** The direction when this button's field sorts the table, else undefined. */
  direction: SortDirection | undefined;
  onSort: () => void;
}

/** Sorts the table by one field; the icon shows the current direction. */
export function SortButton({ label, direction, onSort }: SortButtonProps) {
  const Icon = direction === "ascending" ? ArrowUp : direction === "descending" ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={onSort}
      className={cx(
        "focus-ring -mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 uppercase hover:text-body",
        direction && "text-body",
      )}
    >
      {label}
      <Icon aria-hidden className={cx("size-3.5", !direction && "opacity-50")} />
    </button>
  );
}

interface SortableHeaderProps extends SortButtonProps {
  className?: string;
}

/** A column header that sorts the table; `aria-sort` tells assistive technology the current order. */
export function SortableHeader({ className, ...button }: SortableHeaderProps) {
  return (
    <th scope="col" aria-sort={button.direction ?? "none"} className={cx(headerCellClass, className)}>
      <SortButton {...button} />
    </th>
  );
}
