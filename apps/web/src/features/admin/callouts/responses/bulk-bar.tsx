import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { FolderInput, TagPlus, TagX, UserCheck } from "lucide-react";
import { Button } from "../../../../ui/button";
import { SelectionBar } from "../../shared/selection-bar";

export type BulkAction = "move" | "tag-add" | "tag-remove" | "assign";

type BulkBarProps = Omit<ComponentProps<typeof SelectionBar>, "texts" | "label" | "children"> & {
  onAction: (action: BulkAction) => void;
};

const actions: { action: BulkAction; icon: typeof TagPlus }[] = [
  { action: "move", icon: FolderInput },
  { action: "tag-add", icon: TagPlus },
  { action: "tag-remove", icon: TagX },
  { action: "assign", icon: UserCheck },
];

/** What can be done with the selected responses. */
export function BulkBar({ onAction, ...selection }: BulkBarProps) {
  const { t } = useTranslation();
  return (
    <SelectionBar texts="adminResponses.selection" label={t("adminResponses.bulk.label")} {...selection}>
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
    </SelectionBar>
  );
}
