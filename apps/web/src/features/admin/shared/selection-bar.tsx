import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { X } from "lucide-react";
import { useFormatters } from "../../../app/i18n/use-formatters";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";

interface SelectionBarProps {
  /** Where the list keeps its selection texts: `count`, `allMatching`, `clear`, `pageSelected`, `selectAllMatching`. */
  texts: "admin.contacts.selection" | "adminResponses.selection";
  label: string;
  selectedCount: number;
  isAllMatching: boolean;
  /** Every row on the page is selected, but more rows match. */
  canSelectAllMatching: boolean;
  pageCount: number;
  total: number;
  onSelectAllMatching: () => void;
  onClear: () => void;
  /** The list's own actions, shown between the count and "clear"; disable them while `busyText` is set. */
  children: ReactNode;
  /** Set while a change to the selection is under way: says so, and the selection stays as it is. */
  busyText?: string | undefined;
}

/** The bar above a list with selected rows: how many, what to do with them, and "select all matching". */
export function SelectionBar({
  texts,
  label,
  selectedCount,
  isAllMatching,
  canSelectAllMatching,
  pageCount,
  total,
  onSelectAllMatching,
  onClear,
  children,
  busyText,
}: SelectionBarProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <div role="region" aria-label={label} className="space-y-2 border-b border-black/5 bg-link/8 px-4 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <p aria-live="polite" className="mr-2 font-semibold">
          {isAllMatching
            ? t(`${texts}.allMatching`, { number: format.number(total) })
            : t(`${texts}.count`, { number: format.number(selectedCount) })}
        </p>
        {children}
        <Button
          variant="ghost"
          size="sm"
          disabled={busyText !== undefined}
          icon={<X aria-hidden className="size-4" />}
          onClick={onClear}
        >
          {t(`${texts}.clear`)}
        </Button>
      </div>
      <p role="status" className={busyText === undefined ? "sr-only" : "flex items-center gap-2"}>
        {busyText !== undefined && (
          <>
            <Spinner className="size-4 text-link-text" />
            {busyText}
          </>
        )}
      </p>
      {canSelectAllMatching && (
        <p>
          {t(`${texts}.pageSelected`, { number: format.number(pageCount) })}{" "}
          <button
            type="button"
            onClick={onSelectAllMatching}
            className="focus-ring cursor-pointer rounded-sm font-semibold text-link-text underline underline-offset-4"
          >
            {t(`${texts}.selectAllMatching`, { number: format.number(total) })}
          </button>
        </p>
      )}
    </div>
  );
}
