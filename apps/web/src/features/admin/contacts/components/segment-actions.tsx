import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Pencil, Trash2 } from "lucide-react";
import type { Segment } from "@cohort/common/segments";
import { messageForError } from "../../../../api/error-messages";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { useDeleteSegment, useUpdateSegment } from "../hooks/use-segment-mutations";
import { SegmentDialog } from "./segment-dialog";

interface SegmentActionsProps {
  segment: Segment;
  /** Called once the segment is gone, to show all contacts again. */
  onDeleted: () => void;
}

/** Rename or delete the segment on screen. */
export function SegmentActions({ segment, onDeleted }: SegmentActionsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const update = useUpdateSegment();
  const remove = useDeleteSegment();

  const handleDelete = () => {
    remove.mutate(segment.id, {
      onSuccess: () => {
        setDialog(null);
        notifications.addToast({
          variant: "success",
          title: t("admin.contacts.segments.deleted", { name: segment.name }),
        });
        onDeleted();
      },
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-1">
      <Button
        variant="ghost"
        size="sm"
        icon={<Pencil aria-hidden className="size-4" />}
        onClick={() => setDialog("edit")}
      >
        {t("admin.contacts.segments.edit")}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-danger"
        icon={<Trash2 aria-hidden className="size-4" />}
        onClick={() => {
          remove.reset();
          setDialog("delete");
        }}
      >
        {t("admin.contacts.segments.delete")}
      </Button>
      {dialog === "edit" && (
        <SegmentDialog
          title={t("admin.contacts.segments.editTitle")}
          submitLabel={t("common.save")}
          initialValues={{ name: segment.name, description: segment.description }}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            await update.mutateAsync({ id: segment.id, ...values });
            setDialog(null);
            notifications.addToast({ variant: "success", title: t("admin.contacts.segments.updated") });
          }}
        />
      )}
      <ConfirmDialog
        isOpen={dialog === "delete"}
        title={t("admin.contacts.segments.deleteTitle", { name: segment.name })}
        description={t("admin.contacts.segments.deleteDescription")}
        confirmLabel={t("admin.contacts.segments.deleteConfirm")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        isPending={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDialog(null)}
      >
        {remove.isError && <Alert variant="error">{t(messageForError(remove.error))}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
