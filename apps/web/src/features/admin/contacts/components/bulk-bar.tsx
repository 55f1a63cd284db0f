import { useTranslation } from "react-i18next";
import { TagPlus, TagX, Trash2, X } from "lucide-react";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Button } from "../../../../ui/button";
import type { TagAction } from "../hooks/use-bulk-tags";

interface BulkBarProps {
  selectedCount: number;
  isAllMatching: boolean;
  /** Every row on the page is selected, but more contacts match. */
  canSelectAllMatching: boolean;
  pageCount: number;
  total: number;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onTagAction: (action: TagAction) => void;
  onDelete: () => void;
}

/** What can be done with the selected contacts. */
export function BulkBar({
  selectedCount,
  isAllMatching,
  canSelectAllMatching,
  pageCount,
  total,
  onSelectAllMatching,
  onClear,
  onTagAction,
  onDelete,
}: BulkBarProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <div
      role="region"
      aria-label={t("admin.contacts.bulk.label")}
      className="space-y-2 border-b border-black/5 bg-link/8 px-4 py-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p aria-live="polite" className="mr-2 font-semibold">
          {isAllMatching
            ? t("admin.contacts.selection.allMatching", { number: format.number(total) })
            : t("admin.contacts.selection.count", { number: format.number(selectedCount) })}
        </p>
        <Button
          variant="secondary"
          size="sm"
          icon={<TagPlus aria-hidden className="size-4" />}
          onClick={() => onTagAction("add")}
        >
          {t("admin.contacts.bulk.add")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          icon={<TagX aria-hidden className="size-4" />}
          onClick={() => onTagAction("remove")}
        >
          {t("admin.contacts.bulk.remove")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="text-danger"
          icon={<Trash2 aria-hidden className="size-4" />}
          onClick={onDelete}
        >
          {t("admin.contacts.bulk.delete")}
        </Button>
        <Button variant="ghost" size="sm" icon={<X aria-hidden className="size-4" />} onClick={onClear}>
          {t("admin.contacts.selection.clear")}
        </Button>
      </div>
      {canSelectAllMatching && (
        <p>
          {t("admin.contacts.selection.pageSelected", { number: format.number(pageCount) })}{" "}
          <button
            type="button"
            onClick={onSelectAllMatching}
            className="focus-ring cursor-pointer rounded-sm font-semibold text-link-text underline underline-offset-4"
          >
            {t("admin.contacts.selection.selectAllMatching", { number: format.number(total) })}
          </button>
        </p>
      )}
    </div>
  );
}
