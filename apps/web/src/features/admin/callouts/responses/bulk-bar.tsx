import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { FolderInput, TagPlus, TagX, UserCheck } from "lucide-react";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Button } from "../../../../ui/button";
import { SelectionBar } from "../../shared/selection-bar";

export type BulkAction = "move" | "tag-add" | "tag-remove" | "assign";

type BulkBarProps = Omit<ComponentProps<typeof SelectionBar>, "texts" | "label" | "children" | "busyText"> & {
  onAction: (action: BulkAction) => void;
  /** A change to the selected responses is under way. */
  isBusy: boolean;
};

const actions: { action: BulkAction; icon: typeof TagPlus }[] = [
  { action: "move", icon: FolderInput },
  { action: "tag-add", icon: TagPlus },
  { action: "tag-remove", icon: TagX },
  { action: "assign", icon: UserCheck },
];

/** What can be done with the selected responses. */
export function BulkBar({ onAction, isBusy, ...selection }: BulkBarProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <SelectionBar
      texts="adminResponses.selection"
      label={t("adminResponses.bulk.label")}
      busyText={
        isBusy ? t("adminResponses.bulk.working", { number: format.number(selection.selectedCount) }) : undefined
      }
      {...selection}
    >
      {actions.map(({ action, icon: Icon }) => (
        <Button
          key={action}
          variant="secondary"
          size="sm"
          disabled={isBusy}
          icon={<Icon aria-hidden className="size-4" />}
          onClick={() => onAction(action)}
        >
          {t(`adminResponses.bulk.actions.${action}`)}
        </Button>
      ))}
    </SelectionBar>
  );
}
