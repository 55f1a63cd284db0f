import { useState } from "react";
import { useTranslation } from "react-i18next";
import { updateOwnContact } from "../../../../api/account";
import { isClientError } from "../../../../api/client-error";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { FormError } from "../../../../app/forms/form-error";
import { notifications } from "../../../../app/notifications/notification-store";
import { Button } from "../../../../ui/button";
import { TextField } from "../../../../ui/text-field";
import { AccountFormCard } from "./account-form-card";
import { NewPasswordFields } from "../../../../shared/password/new-password-fields";
import { passwordProblem } from "../../../../shared/password/password-rules";

/** A new password, proven with the current one (decision 017). */
export function PasswordCard() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [currentError, setCurrentError] = useState<string | undefined>();
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [isPending, setIsPending] = useState(false);

  const problem = submitted ? passwordProblem(password, confirmation) : null;

  const submit = async () => {
    setSubmitted(true);
    setError(null);
    setCurrentError(current ? undefined : t("account.password.currentRequired"));
    if (!current || passwordProblem(password, confirmation)) return;
    setIsPending(true);
    try {
      await updateOwnContact({ password, currentPassword: current });
      notifications.addToast({ variant: "success", title: t("account.password.saved") });
      setCurrent("");
      setPassword("");
      setConfirmation("");
      setSubmitted(false);
    } catch (failure) {
      if (isClientError(failure) && failure.code === "wrong-password") setCurrentError(t("errors.wrongPassword"));
      else setError(messageForError(failure));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <AccountFormCard title={t("account.password.title")} onSubmit={submit}>
      <TextField
        label={t("account.password.current")}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={currentError}
      />
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
