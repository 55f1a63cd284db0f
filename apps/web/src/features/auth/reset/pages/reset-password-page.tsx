import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { knownErrorCode } from "../../../../api/client-error";
import { messageForError } from "../../../../api/error-messages";
import { loadNewSession, resetPassword } from "../../../../api/resets";
import { FormError, usePlainForm } from "../../../../app/forms/form-error";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { linkClass } from "../../../../ui/class-names";
import { TextField } from "../../../../ui/text-field";
import { NewPasswordFields } from "../../../../shared/password/new-password-fields";
import type { PasswordProblem } from "../../../../shared/password/password-rules";
import { passwordProblem } from "../../../../shared/password/password-rules";

interface ResetPasswordPageProps {
  /** "set" for people who never had a password (the link from a join with a known address). */
  mode?: "reset" | "set";
}

/** A new password from the emailed link; accounts with 2FA add their code. */
export function ResetPasswordPage({ mode = "reset" }: ResetPasswordPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id = "" } = useParams();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [token, setToken] = useState("");
  const [needsToken, setNeedsToken] = useState(false);
  const form = usePlainForm<"resets.errors.linkExpired">();
  const { error } = form;
  const problem: PasswordProblem | null = form.submitted ? passwordProblem(password, confirmation) : null;

  const submit = async () => {
    if (passwordProblem(password, confirmation)) return;
    const code = token.replace(/\s+/g, "");
    if (needsToken && !code) return form.setError("errors.missingToken");
    await form.send(
      async () => {
        await resetPassword(id, password, needsToken ? code : undefined);
        await loadNewSession(queryClient);
        void navigate("/profile", { replace: true });
      },
      (failure) => {
        const errorCode = knownErrorCode(failure);
        if (errorCode === "mfa-token-required") {
          // Not a mistake: the account has two-step verification, so the code is the next step.
          setNeedsToken(true);
          return null;
        }
        return errorCode === "not-found" ? "resets.errors.linkExpired" : messageForError(failure);
      },
    );
  };

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">
          {t(mode === "set" ? "resets.setPassword.title" : "resets.resetPassword.title")}
        </h1>
        <p className="text-body/75">{t(mode === "set" ? "resets.setPassword.intro" : "resets.resetPassword.intro")}</p>
      </header>
      <form noValidate className="space-y-5" onSubmit={form.onSubmit(submit)}>
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          problem={problem}
        />
        {needsToken && (
          <>
            <Alert variant="info">{t("errors.mfaRequired")}</Alert>
            <TextField
              label={t("resets.resetPassword.token")}
              inputMode="numeric"
              autoComplete="one-time-code"
              // It appears because the visitor asked to save: their next step is to type in it.
              autoFocus
              value={token}
              onChange={(event) => setToken(event.target.value)}
            />
          </>
        )}
        {error === "resets.errors.linkExpired" ? (
          <Alert variant="error">
            {t(error)}{" "}
            <Link to="/auth/forgot-password" className={linkClass}>
              {t("resets.forgot.requestAgain")}
            </Link>
          </Alert>
        ) : (
          <FormError message={error} />
        )}
        <Button type="submit" isFullWidth isLoading={form.isPending}>
          {t(mode === "set" ? "resets.setPassword.submit" : "resets.resetPassword.submit")}
        </Button>
      </form>
    </div>
  );
}

export function SetPasswordPage() {
  return <ResetPasswordPage mode="set" />;
}
