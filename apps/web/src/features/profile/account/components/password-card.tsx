import { useState } from "react";
import { useTranslation } from "react-i18next";
import { updateOwnContact } from "../../../../api/account";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { FormError } from "../../../../app/forms/form-error";
import { notifications } from "../../../../app/notifications/notification-store";
import { Button } from "../../../../ui/button";
import { IdentityProofFields, useIdentityProof } from "../../../../shared/identity/identity-proof";
import { AccountFormCard } from "./account-form-card";
import { NewPasswordFields } from "../../../../shared/password/new-password-fields";
import { passwordProblem } from "../../../../shared/password/password-rules";

/** A new password, proven with the current one and code when two-step verification is on (decisions 017, 051). */
export function PasswordCard({ hasTwoFactor }: { hasTwoFactor: boolean | undefined }) {
  const { t } = useTranslation();
  const proof = useIdentityProof(hasTwoFactor);
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [isPending, setIsPending] = useState(false);

  const problem = submitted ? passwordProblem(password, confirmation) : null;

  const submit = async () => {
    setSubmitted(true);
    setError(null);
    const given = proof.collect();
    if (!given || passwordProblem(password, confirmation)) return;
    setIsPending(true);
    try {
      await updateOwnContact({ password, ...given });
      notifications.addToast({ variant: "success", title: t("account.password.saved") });
      proof.clear();
      setPassword("");
      setConfirmation("");
      setSubmitted(false);
    } catch (failure) {
      if (!proof.showFailure(failure)) setError(messageForError(failure));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <AccountFormCard title={t("account.password.title")} onSubmit={submit}>
      <IdentityProofFields proof={proof} />
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
        problem={problem}
      />
      <FormError message={error} />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" isLoading={isPending}>
          {t("account.password.submit")}
        </Button>
      </div>
    </AccountFormCard>
  );
}
