import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  description?: ReactNode;
  /** Extra content, such as an error or a field the person must fill in. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  isPending?: boolean;
  /** The confirm button stays disabled until this is true. */
  canConfirm?: boolean;
  variant?: "primary" | "danger";
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before doing something that cannot be undone. */
export function ConfirmDialog({
  isOpen,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  closeLabel,
  isPending = false,
  canConfirm = true,
  variant = "danger",
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      closeLabel={closeLabel}
      description={description}
      size="sm"
      footer={
        <>
          <Button variant="secondary" size="sm" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button variant={variant} size="sm" isLoading={isPending} disabled={!canConfirm} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
