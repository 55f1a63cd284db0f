import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { UseMutationResult } from "@tanstack/react-query";
import { Pencil, Trash2 } from "lucide-react";
import { messageForError } from "../../../api/error-messages";
import { notifications } from "../../../app/notifications/notification-store";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";

/** What a row of a tag list is made of, for the list to lay out as a table row or a card. */
export interface TagRowParts {
  /** The form editing the tag in place, or null while the tag is only shown. */
  form: ReactNode | null;
  /** The edit and delete buttons, or null while the tag is edited. */
  actions: ReactNode | null;
}

/**
 * One tag of a list that manages tags (a contact tag, a callout's response tag): shown with
 * its edit and delete buttons, or edited in place by `form`, which is given the way to stop.
 */
export function TagRowEditor({
  editLabel,
  deleteLabel,
  onDelete,
  form,
  children,
}: {
  /** The edit button's name, which says the tag's name. */
  editLabel: string;
  /** The delete button's name, which says the tag's name. */
  deleteLabel: string;
  onDelete: () => void;
  form: (close: () => void) => ReactNode;
  children: (parts: TagRowParts) => ReactNode;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const actions = (
    <span className="inline-flex gap-1">
      <Button
        variant="ghost"
        size="sm"
        icon={<Pencil aria-hidden className="size-4" />}
        aria-label={editLabel}
        onClick={() => setIsEditing(true)}
      />
      <Button
        variant="ghost"
        size="sm"
        className="text-danger"
        icon={<Trash2 aria-hidden className="size-4" />}
        aria-label={deleteLabel}
        onClick={onDelete}
      />
    </span>
  );
  return (
    <>{children(isEditing ? { form: form(() => setIsEditing(false)), actions: null } : { form: null, actions })}</>
  );
}

/**
 * The question before a tag of the list is deleted; once deleted, says so and closes. Why a
 * delete failed shows in the question.
 */
export function DeleteTagDialog<Tag extends { id: string; name: string }>({
  tag,
  remove,
  title,
  description,
  confirmLabel,
  deletedTitle,
  onClose,
}: {
  /** The tag asked about, or null while nothing is. */
  tag: Tag | null;
  remove: UseMutationResult<unknown, unknown, string>;
  title: string;
  description: string;
  confirmLabel: string;
  deletedTitle: (name: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      isOpen={tag !== null}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={t("common.cancel")}
      closeLabel={t("common.close")}
      isPending={remove.isPending}
      onConfirm={() => {
        if (!tag) return;
        remove.mutate(tag.id, {
          onSuccess: () => {
            notifications.addToast({ variant: "success", title: deletedTitle(tag.name) });
            onClose();
          },
        });
      }}
      onClose={onClose}
    >
      {remove.isError && <Alert variant="error">{t(messageForError(remove.error))}</Alert>}
    </ConfirmDialog>
  );
}
