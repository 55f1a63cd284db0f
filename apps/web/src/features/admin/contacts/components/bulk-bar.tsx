import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { TagPlus, TagX, Trash2 } from "lucide-react";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Button } from "../../../../ui/button";
import { SelectionBar } from "../../shared/selection-bar";
import type { TagAction } from "../hooks/use-bulk-tags";

type BulkBarProps = Omit<ComponentProps<typeof SelectionBar>, "texts" | "label" | "children" | "busyText"> & {
  onTagAction: (action: TagAction) => void;
  onDelete: () => void;
  /** A change to the selected contacts is under way. */
  isBusy: boolean;
};

/** What can be done with the selected contacts. */
export function BulkBar({ onTagAction, onDelete, isBusy, ...selection }: BulkBarProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <SelectionBar
      texts="admin.contacts.selection"
      label={t("admin.contacts.bulk.label")}
      busyText={
        isBusy ? t("admin.contacts.bulk.working", { number: format.number(selection.selectedCount) }) : undefined
      }
      {...selection}
    >
      <Button
        variant="secondary"
        size="sm"
        disabled={isBusy}
        icon={<TagPlus aria-hidden className="size-4" />}
        onClick={() => onTagAction("add")}
      >
        {t("admin.contacts.bulk.add")}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={isBusy}
        icon={<TagX aria-hidden className="size-4" />}
        onClick={() => onTagAction("remove")}
      >
        {t("admin.contacts.bulk.remove")}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        className="text-danger"
        disabled={isBusy}
        icon={<Trash2 aria-hidden className="size-4" />}
        onClick={onDelete}
      >
        {t("admin.contacts.bulk.delete")}
      </Button>
    </SelectionBar>
  );
}
