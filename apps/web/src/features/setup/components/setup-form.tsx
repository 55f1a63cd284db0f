import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { zodResolver } from "@hookform/resolvers/zod";
import { SAMPLE_DATA_TAG } from "@cohort/common/setup";
import { isClientError, knownErrorCode } from "../../../api/client-error";
import type { ErrorMessageKey } from "../../../api/error-messages";
import { messageForError } from "../../../api/error-messages";
import { FormError } from "../../../app/forms/form-error";
import { applyServerFieldErrors } from "../../../app/forms/server-field-errors";
import { translateValidationMessage } from "../../../app/forms/validation-message";
import { Button } from "../../../ui/button";
import { CheckboxField } from "../../../ui/checkbox-field";
import { TextField } from "../../../ui/text-field";
import type { SetupFormInput, SetupFormValues } from "../forms/setup-form-schema";
import { setupFormSchema } from "../forms/setup-form-schema";
import { useCompleteSetup } from "../hooks/use-complete-setup";

interface SetupFormProps {
  token: string;
  onComplete: () => void;
  /** Someone else finished setup first. */
  onAlreadyComplete: () => void;
}

const serverFields = ["firstname", "lastname", "email", "password"] as const;

export function SetupForm({ token, onComplete, onAlreadyComplete }: SetupFormProps) {
  const { t } = useTranslation();
  const setup = useCompleteSetup();
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SetupFormInput, unknown, SetupFormValues>({
    resolver: zodResolver(setupFormSchema),
    defaultValues: { firstname: "", lastname: "", email: "", password: "", confirmPassword: "", sampleData: false },
  });

  const handleValid = async ({ confirmPassword: _confirm, ...values }: SetupFormValues) => {
    setFormError(null);
    try {
      await setup.mutateAsync({ ...values, token });
      onComplete();
    } catch (failure) {
      if (knownErrorCode(failure) === "setup-complete") return onAlreadyComplete();
      if (isClientError(failure)) {
        if (failure.httpCode >= 500) return;
        applyServerFieldErrors<SetupFormInput>(failure, serverFields, setError);
      }
      setFormError(messageForError(failure));
    }
  };

  const errorText = (message: string | undefined) => translateValidationMessage(t, message);

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(handleValid)(event)} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("setup.firstname")}
          autoComplete="given-name"
          error={errorText(errors.firstname?.message)}
          {...register("firstname")}
        />
        <TextField
          label={t("setup.lastname")}
          autoComplete="family-name"
          error={errorText(errors.lastname?.message)}
          {...register("lastname")}
        />
      </div>
      <TextField
        label={t("setup.email")}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errorText(errors.email?.message)}
        {...register("email")}
      />
      <TextField
        label={t("setup.password")}
        type="password"
        autoComplete="new-password"
        hint={t("setup.passwordHint")}
        error={errorText(errors.password?.message)}
        {...register("password")}
      />
      <TextField
        label={t("setup.confirmPassword")}
        type="password"
        autoComplete="new-password"
        error={errorText(errors.confirmPassword?.message)}
        {...register("confirmPassword")}
      />
      <CheckboxField
        label={t("setup.sampleData")}
        description={t("setup.sampleDataDescription", { tag: SAMPLE_DATA_TAG })}
        {...register("sampleData")}
      />
      <FormError message={formError} />
      <Button type="submit" isFullWidth isLoading={setup.isPending}>
        {t("setup.submit")}
      </Button>
    </form>
  );
}
