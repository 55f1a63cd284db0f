import { useTranslation } from "react-i18next";
import { messageForError } from "../../../../api/error-messages";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Alert } from "../../../../ui/alert";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";

interface BulkDeleteDialogProps {
  targetCount: number;
  isPending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before the selected contacts are deleted for good, saying how many. */
export function BulkDeleteDialog({ targetCount, isPending, error, onConfirm, onClose }: BulkDeleteDialogProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <ConfirmDialog
      isOpen
      variant="danger"
      title={t("admin.contacts.bulk.deleteTitle")}
      description={t("admin.contacts.bulk.deleteDescription")}
      confirmLabel={t("admin.contacts.bulk.deleteConfirm")}
      cancelLabel={t("common.cancel")}
      closeLabel={t("common.close")}
      isPending={isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p className="font-semibold">{t("admin.contacts.bulk.deleteCount", { number: format.number(targetCount) })}</p>
      {error !== null && error !== undefined && <Alert variant="error" title={t(messageForError(error))} />}
    </ConfirmDialog>
  );
}
