import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { ErrorMessageKey } from "../../../api/error-messages";
import { translateValidationMessage } from "../../../app/forms/validation-message";
import { Button } from "../../../ui/button";
import { TextField } from "../../../ui/text-field";
import type { CredentialsForm as CredentialsValues } from "../forms/login-form-checks";
import { credentialsResolver } from "../forms/login-form-checks";
import { FormError } from "../../../app/forms/form-error";

interface CredentialsFormProps {
  defaultEmail?: string;
  error: ErrorMessageKey | null;
  isPending: boolean;
  onSubmit: (values: CredentialsValues) => Promise<void>;
}

export function CredentialsForm({ defaultEmail = "", error, isPending, onSubmit }: CredentialsFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: credentialsResolver,
    defaultValues: { email: defaultEmail, password: "" },
  });

  useEffect(() => {
    setFocus(defaultEmail ? "password" : "email");
  }, [setFocus, defaultEmail]);

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
      <TextField
        label={t("auth.login.email")}
        type="email"
        autoComplete="username"
        inputMode="email"
        error={translateValidationMessage(t, errors.email?.message)}
        {...register("email")}
      />
      <TextField
        label={t("auth.login.password")}
        type="password"
        autoComplete="current-password"
        error={translateValidationMessage(t, errors.password?.message)}
        {...register("password")}
      />
      <FormError message={error} />
      <Button type="submit" isFullWidth isLoading={isPending}>
        {t("auth.login.submit")}
      </Button>
    </form>
  );
}
