import { useTranslation } from "react-i18next";
import { TagPlus, TagX, Trash2 } from "lucide-react";
import { Button } from "../../../../ui/button";
import type { TagAction } from "../hooks/use-bulk-tags";

interface BulkActionsProps {
  onTagAction: (action: TagAction) => void;
  onDelete: () => void;
  /** A change to the selected contacts is under way. */
  isBusy: boolean;
}

/** What can be done with the selected contacts, in the bar over the list. */
export function BulkActions({ onTagAction, onDelete, isBusy }: BulkActionsProps) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
