import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { knownErrorCode } from "../../../../api/client-error";
import { messageForError } from "../../../../api/error-messages";
import { loadNewSession, resetDevice } from "../../../../api/resets";
import { FormError, usePlainForm } from "../../../../app/forms/form-error";
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
  const form = usePlainForm();
  const [isExpired, setIsExpired] = useState(false);

  const submit = async () => {
    if (!password) return setFieldError(t("resets.password.errors.required"));
    setFieldError(undefined);
    setIsExpired(false);
    await form.send(
      async () => {
        await resetDevice(id, password);
        await loadNewSession(queryClient);
        void navigate("/profile", { replace: true });
      },
      (failure) => {
        if (knownErrorCode(failure) !== "not-found") return messageForError(failure);
        setIsExpired(true);
        return null;
      },
    );
  };

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{t("resets.resetDevice.title")}</h1>
        <p className="text-body/75">{t("resets.resetDevice.intro")}</p>
      </header>
      <form noValidate className="space-y-5" onSubmit={form.onSubmit(submit)}>
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
          <FormError message={form.error} />
        )}
        <Button type="submit" isFullWidth isLoading={form.isPending}>
          {t("resets.resetDevice.submit")}
        </Button>
      </form>
    </div>
  );
}
