import { useTranslation } from "react-i18next";
import { FolderInput, TagPlus, TagX, UserCheck, X } from "lucide-react";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Button } from "../../../../ui/button";

export type BulkAction = "move" | "tag-add" | "tag-remove" | "assign";

interface BulkBarProps {
  selectedCount: number;
  isAllMatching: boolean;
  /** Every row on the page is selected, but more responses match. */
  canSelectAllMatching: boolean;
  pageCount: number;
  total: number;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onAction: (action: BulkAction) => void;
}

/** What can be done with the selected responses. */
export function BulkBar({
  selectedCount,
  isAllMatching,
  canSelectAllMatching,
  pageCount,
  total,
  onSelectAllMatching,
  onClear,
  onAction,
}: BulkBarProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const actions: { action: BulkAction; icon: typeof TagPlus }[] = [
    { action: "move", icon: FolderInput },
    { action: "tag-add", icon: TagPlus },
    { action: "tag-remove", icon: TagX },
    { action: "assign", icon: UserCheck },
  ];
  return (
    <div
      role="region"
      aria-label={t("adminResponses.bulk.label")}
      className="space-y-2 border-b border-black/5 bg-link/8 px-4 py-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p aria-live="polite" className="mr-2 font-semibold">
          {isAllMatching
            ? t("adminResponses.selection.allMatching", { number: format.number(total) })
            : t("adminResponses.selection.count", { number: format.number(selectedCount) })}
        </p>
        {actions.map(({ action, icon: Icon }) => (
          <Button
            key={action}
            variant="secondary"
            size="sm"
            icon={<Icon aria-hidden className="size-4" />}
            onClick={() => onAction(action)}
          >
            {t(`adminResponses.bulk.actions.${action}`)}
          </Button>
        ))}
        <Button variant="ghost" size="sm" icon={<X aria-hidden className="size-4" />} onClick={onClear}>
          {t("adminResponses.selection.clear")}
        </Button>
      </div>
      {canSelectAllMatching && (
        <p>
          {t("adminResponses.selection.pageSelected", { number: format.number(pageCount) })}{" "}
          <button
            type="button"
            onClick={onSelectAllMatching}
            className="focus-ring cursor-pointer rounded-sm font-semibold text-link-text underline underline-offset-4"
          >
            {t("adminResponses.selection.selectAllMatching", { number: format.number(total) })}
          </button>
        </p>
      )}
    </div>
  );
}
