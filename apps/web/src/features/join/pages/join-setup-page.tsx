import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { ErrorMessageKey } from "../../../api/error-messages";
import { messageForError } from "../../../api/error-messages";
import { useGeneralContent } from "../../../api/content";
import { sessionKeys, useSession } from "../../../api/session";
import { saveJoinSetup } from "../../../api/signup";
import { FormError } from "../../../app/forms/form-error";
import { notifications } from "../../../app/notifications/notification-store";
import { Button } from "../../../ui/button";
import { CheckboxField } from "../../../ui/checkbox-field";
import { TextField } from "../../../ui/text-field";
import { NewPasswordFields } from "../../auth/reset/components/new-password-fields";
import { passwordProblem } from "../../auth/reset/password-rules";

/** The last step of joining: names, a password and the newsletter. */
export function JoinSetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSession();
  const { organisationName } = useGeneralContent();
  const [firstname, setFirstname] = useState(user?.firstname ?? "");
  const [lastname, setLastname] = useState(user?.lastname ?? "");
  const [newsletterOptIn, setNewsletterOptIn] = useState(false);
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [isPending, setIsPending] = useState(false);

  const problem = submitted ? passwordProblem(password, confirmation) : null;
  const required = (value: string, key: string) => (submitted && !value.trim() ? t(key) : undefined);

  const submit = async () => {
    setSubmitted(true);
    if (!firstname.trim() || !lastname.trim() || passwordProblem(password, confirmation)) return;
    setError(null);
    setIsPending(true);
    try {
      await saveJoinSetup({ firstname: firstname.trim(), lastname: lastname.trim(), password, newsletterOptIn });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.me });
      notifications.addToast({ variant: "success", title: t("join.setup.done") });
      void navigate("/profile", { replace: true });
    } catch (failure) {
      setError(messageForError(failure));
      setIsPending(false);
    }
  };

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{t("join.setup.title")}</h1>
        <p className="text-body/75">{t("join.setup.intro", { organisation: organisationName })}</p>
      </header>
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t("join.setup.firstname")}
            autoComplete="given-name"
            value={firstname}
            onChange={(event) => setFirstname(event.target.value)}
            error={required(firstname, "join.errors.firstnameRequired")}
          />
          <TextField
            label={t("join.setup.lastname")}
            autoComplete="family-name"
            value={lastname}
            onChange={(event) => setLastname(event.target.value)}
            error={required(lastname, "join.errors.lastnameRequired")}
          />
        </div>
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          problem={problem}
        />
        <CheckboxField
          label={t("join.setup.newsletter")}
          description={t("join.setup.newsletterHint", { organisation: organisationName })}
          checked={newsletterOptIn}
          onChange={(event) => setNewsletterOptIn(event.target.checked)}
        />
        <FormError message={error} />
        <Button type="submit" isFullWidth isLoading={isPending}>
          {t("join.setup.submit")}
        </Button>
      </form>
    </div>
  );
}
