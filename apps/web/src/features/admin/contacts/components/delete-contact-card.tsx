import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Trash2 } from "lucide-react";
import type { Contact } from "@cohort/common/contacts";
import { displayName } from "@cohort/common/contacts";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { TextField } from "../../../../ui/text-field";
import { roleErrorKey } from "../forms/role-errors";
import { useDeleteContact } from "../hooks/use-contact-mutations";

/** Deletes the contact for good, once their email has been typed to confirm. */
export function DeleteContactCard({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteContact(contact.id);
  const [isOpen, setIsOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const confirmId = useId();
  const isConfirmed = typed.trim().toLowerCase() === contact.email.toLowerCase();
  const name = displayName(contact);

  const handleConfirm = () => {
    if (!isConfirmed) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        setIsOpen(false);
        notifications.addToast({ variant: "success", title: t("admin.contacts.delete.done", { name }) });
        void navigate("/admin/contacts", { replace: true });
      },
    });
  };

  return (
    <Card className="space-y-3 ring-danger/30">
      <h2 className="text-lg font-bold text-danger">{t("admin.contacts.delete.title")}</h2>
      <p className="text-body/75">{t("admin.contacts.delete.description")}</p>
      <Button
        variant="danger"
        size="sm"
        icon={<Trash2 aria-hidden className="size-4" />}
        onClick={() => {
          remove.reset();
          setTyped("");
          setIsOpen(true);
        }}
      >
        {t("admin.contacts.delete.button")}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title={t("admin.contacts.delete.confirmTitle", { name })}
        description={t("admin.contacts.delete.confirmDescription")}
        confirmLabel={t("admin.contacts.delete.confirm")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        canConfirm={isConfirmed}
        isPending={remove.isPending}
        onClose={() => setIsOpen(false)}
        onConfirm={handleConfirm}
      >
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            handleConfirm();
          }}
        >
          <TextField
            id={confirmId}
            label={t("admin.contacts.delete.typeEmail", { email: contact.email })}
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          {remove.isError && <Alert variant="error">{t(roleErrorKey(remove.error))}</Alert>}
        </form>
      </ConfirmDialog>
    </Card>
  );
}
