import { useTranslation } from "react-i18next";
import { FolderInput, TagPlus, TagX, UserCheck } from "lucide-react";
import { Button } from "../../../../ui/button";

export type BulkAction = "move" | "tag-add" | "tag-remove" | "assign";

interface BulkActionsProps {
  onAction: (action: BulkAction) => void;
  /** A change to the selected responses is under way. */
  isBusy: boolean;
}

const actions: { action: BulkAction; icon: typeof TagPlus }[] = [
  { action: "move", icon: FolderInput },
  { action: "tag-add", icon: TagPlus },
  { action: "tag-remove", icon: TagX },
  { action: "assign", icon: UserCheck },
];

/** What can be done with the selected responses, in the bar over the list. */
export function BulkActions({ onAction, isBusy }: BulkActionsProps) {
  const { t } = useTranslation();
  return actions.map(({ action, icon: Icon }) => (
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
  ));
}
