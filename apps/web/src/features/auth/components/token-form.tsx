import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ArrowLeft } from "lucide-react";
import { TOTP_DIGITS } from "@cohort/common/auth";
import type { ErrorMessageKey } from "../../../api/error-messages";
import { translateValidationMessage } from "../../../app/forms/validation-message";
import { Button } from "../../../ui/button";
import { linkClass } from "../../../ui/class-names";
import { TextField } from "../../../ui/text-field";
import type { TokenForm as TokenValues } from "../forms/login-form-checks";
import { tokenResolver } from "../forms/login-form-checks";
import { FormError } from "../../../app/forms/form-error";

interface TokenFormProps {
  error: ErrorMessageKey | null;
  isPending: boolean;
  onSubmit: (values: TokenValues) => Promise<void>;
  onBack: () => void;
}

export function TokenForm({ error, isPending, onSubmit, onBack }: TokenFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setFocus,
    resetField,
    getValues,
    formState: { errors },
  } = useForm({ resolver: tokenResolver, defaultValues: { token: "" } });
  // The code last sent, so that only that one is cleared when it is refused.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    setFocus("token");
  }, [setFocus]);

  // A rejected code is cleared, ready for the next one; a code typed while it was being checked stays.
  useEffect(() => {
    if (!error) return;
    if (getValues("token") === sentToken.current) resetField("token", { keepError: true });
    setFocus("token");
  }, [error, getValues, resetField, setFocus]);

  const send = (values: TokenValues) => {
    sentToken.current = values.token;
    return onSubmit(values);
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(send)(event)} className="space-y-5">
      <TextField
        label={t("auth.login.token")}
        hint={t("auth.login.tokenHint", { digits: TOTP_DIGITS })}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={TOTP_DIGITS + 2}
        className="[&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
        error={translateValidationMessage(t, errors.token?.message)}
        {...register("token")}
      />
      <FormError message={error} shouldFocus={false} />
      <Button type="submit" isFullWidth isLoading={isPending}>
        {t("auth.login.verify")}
      </Button>
      <button type="button" onClick={onBack} className={`${linkClass} inline-flex cursor-pointer items-center gap-1.5`}>
        <ArrowLeft aria-hidden className="size-4" />
        {t("auth.login.back")}
      </button>
    </form>
  );
}
