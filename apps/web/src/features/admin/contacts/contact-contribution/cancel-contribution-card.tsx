import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messageForError } from "../../../../api/error-messages";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { useCancelContribution } from "./use-contribution-mutations";

/** Stops the contact's contribution once the admin confirms. */
export function CancelContributionCard({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const cancel = useCancelContribution(contactId);
  const [isOpen, setIsOpen] = useState(false);

  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-bold">{t("adminPayments.contribution.cancel")}</h2>
      <p className="text-body/75">{t("adminPayments.contribution.cancelDescription")}</p>
      <Button
        variant="danger"
        size="sm"
        onClick={() => {
          cancel.reset();
          setIsOpen(true);
        }}
      >
        {t("adminPayments.contribution.cancel")}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title={t("adminPayments.contribution.cancelTitle")}
        description={t("adminPayments.contribution.cancelDescription")}
        confirmLabel={t("adminPayments.contribution.cancelConfirm")}
        cancelLabel={t("adminPayments.contribution.keep")}
        closeLabel={t("common.close")}
        variant="danger"
        isPending={cancel.isPending}
        onClose={() => setIsOpen(false)}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setIsOpen(false);
              notifications.addToast({ variant: "success", title: t("adminPayments.contribution.cancelled") });
            },
          })
        }
      >
        {cancel.isError && <Alert variant="error" title={t(messageForError(cancel.error))} />}
      </ConfirmDialog>
    </Card>
  );
}
