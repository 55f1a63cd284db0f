import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormError, usePlainForm } from "../../../../app/forms/form-error";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { linkClass } from "../../../../ui/class-names";
import { TextField } from "../../../../ui/text-field";
import { isEmailLike } from "../../../../shared/password/password-rules";

interface RequestLinkFormProps {
  title: string;
  intro: string;
  submitLabel: string;
  send: (email: string) => Promise<void>;
}

/** Asks for an email address and sends a link to it; the answer never tells whether the address is known. */
export function RequestLinkForm({ title, intro, submitLabel, send }: RequestLinkFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const form = usePlainForm();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async () => {
    const trimmed = email.trim();
    if (!trimmed) return setFieldError(t("resets.errors.emailRequired"));
    if (!isEmailLike(trimmed)) return setFieldError(t("resets.errors.emailInvalid"));
    setFieldError(undefined);
    await form.send(async () => {
      await send(trimmed);
      setSentTo(trimmed);
    });
  };

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {!sentTo && <p className="text-body/75">{intro}</p>}
      </header>
      {sentTo ? (
        <Alert variant="success" title={t("resets.sent.title")}>
          {t("resets.sent.description", { email: sentTo })}
        </Alert>
      ) : (
        <form noValidate className="space-y-5" onSubmit={form.onSubmit(submit)}>
          <TextField
            label={t("resets.email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={fieldError}
          />
          <FormError message={form.error} />
          <Button type="submit" isFullWidth isLoading={form.isPending}>
            {submitLabel}
          </Button>
        </form>
      )}
      <p className="text-center text-sm">
        <Link to="/auth/login" className={linkClass}>
          {t("resets.backToLogin")}
        </Link>
      </p>
    </div>
  );
}
