import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { TagPlus, TagX, Trash2 } from "lucide-react";
import { Button } from "../../../../ui/button";
import { SelectionBar } from "../../shared/selection-bar";
import type { TagAction } from "../hooks/use-bulk-tags";

type BulkBarProps = Omit<ComponentProps<typeof SelectionBar>, "texts" | "label" | "children"> & {
  onTagAction: (action: TagAction) => void;
  onDelete: () => void;
};

/** What can be done with the selected contacts. */
export function BulkBar({ onTagAction, onDelete, ...selection }: BulkBarProps) {
  const { t } = useTranslation();
  return (
    <SelectionBar texts="admin.contacts.selection" label={t("admin.contacts.bulk.label")} {...selection}>
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
    </SelectionBar>
  );
}
