import { useState } from "react";
import { useTranslation } from "react-i18next";
import { updateOwnContact } from "../../../../api/account";
import { isClientError } from "../../../../api/client-error";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { FormError } from "../../../../app/forms/form-error";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { TextField } from "../../../../ui/text-field";
import { AccountFormCard } from "./account-form-card";
import { isEmailLike } from "../../../../shared/password/password-rules";
import { IdentityProofFields, useIdentityProof } from "../../../../shared/identity/identity-proof";

/**
 * A new address takes effect only once the link sent to it is followed; the old address is told.
 * Asking for it needs the current password, and code when two-step verification is on (decision 051).
 */
export function EmailCard({ currentEmail, hasTwoFactor }: { currentEmail: string; hasTwoFactor: boolean | undefined }) {
  const { t } = useTranslation();
  const proof = useIdentityProof(hasTwoFactor);
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  const submit = async () => {
    const requested = email.trim().toLowerCase();
    setError(null);
    if (!requested) return setFieldError(t("validation.emailRequired"));
    if (!isEmailLike(requested)) return setFieldError(t("validation.emailInvalid"));
    if (requested === currentEmail.toLowerCase()) return setFieldError(t("account.email.same"));
    setFieldError(undefined);
    const given = proof.collect();
    if (!given) return;
    setIsPending(true);
    try {
      await updateOwnContact({ email: requested, ...given });
      setSentTo(requested);
      setEmail("");
      proof.clear();
    } catch (failure) {
      if (proof.showFailure(failure)) return;
      if (isClientError(failure) && failure.code === "duplicate-email") setFieldError(t("errors.duplicateEmail"));
      else setError(messageForError(failure));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <AccountFormCard title={t("account.email.title")} onSubmit={submit}>
      <p className="text-body/75">{t("account.email.current", { email: currentEmail })}</p>
      <TextField
        label={t("account.email.label")}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldError}
      />
      <p className="text-sm text-body/75">{t("account.email.proofHint")}</p>
      <IdentityProofFields proof={proof} />
      {sentTo && <Alert variant="success">{t("account.email.sent", { email: sentTo })}</Alert>}
      <FormError message={error} />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" isLoading={isPending}>
          {t("account.email.submit")}
        </Button>
      </div>
    </AccountFormCard>
  );
}
