import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { knownErrorCode } from "../../../../api/client-error";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { loadNewSession, resetDevice } from "../../../../api/resets";
import { FormError } from "../../../../app/forms/form-error";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { linkClass } from "../../../../ui/class-names";
import { TextField } from "../../../../ui/text-field";

/** Removes the lost second factor once the person confirms their password. */
export function ResetDevicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id = "" } = useParams();
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [isExpired, setIsExpired] = useState(false);
  const [isPending, setIsPending] = useState(false);

  const submit = async () => {
    if (!password) return setFieldError(t("resets.password.errors.required"));
    setFieldError(undefined);
    setError(null);
    setIsExpired(false);
    setIsPending(true);
    try {
      await resetDevice(id, password);
      await loadNewSession(queryClient);
      void navigate("/profile", { replace: true });
    } catch (failure) {
      if (knownErrorCode(failure) === "not-found") setIsExpired(true);
      else setError(messageForError(failure));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{t("resets.resetDevice.title")}</h1>
        <p className="text-body/75">{t("resets.resetDevice.intro")}</p>
      </header>
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={t("resets.resetDevice.password")}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError}
        />
        {isExpired ? (
          <Alert variant="error">
            {t("resets.errors.deviceLinkExpired")}{" "}
            <Link to="/auth/lost-device" className={linkClass}>
              {t("resets.lostDevice.requestAgain")}
            </Link>
          </Alert>
        ) : (
          <FormError message={error} />
        )}
        <Button type="submit" isFullWidth isLoading={isPending}>
          {t("resets.resetDevice.submit")}
        </Button>
      </form>
    </div>
  );
}
