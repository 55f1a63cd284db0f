import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { accountKeys, enableOwnMfa, mfaQueryOptions, removeMfa } from "../../../../api/account";
import { isClientError } from "../../../../api/client-error";
import { messageForError } from "../../../../api/error-messages";
import { useGeneralContent } from "../../../../api/content";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { Skeleton } from "../../../../ui/skeleton";
import { IdentityProofFields, OneTimeCodeField, useIdentityProof } from "../../../../shared/identity/identity-proof";
import { groupedSecret, newTotpSecret, totpUri } from "../totp-secret";

type Mode = "idle" | "enrolling" | "removing";

/**
 * The code and its errors: a wrong or replayed code is shown on the field; anything
 * else is the spec's "could not be saved / removed" message, or the error's own.
 */
function useCodeErrors(failedKey: string) {
  const { t } = useTranslation();
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const reset = () => {
    setFieldError(undefined);
    setFormError(null);
  };
  const show = (failure: unknown) => {
    if (isClientError(failure) && (failure.code === "invalid-token" || failure.code === "missing-token")) {
      setFieldError(t("errors.invalidToken"));
    } else if (isClientError(failure) && failure.code !== undefined && failure.httpCode < 500) {
      setFormError(t(messageForError(failure)));
    } else {
      setFormError(t(failedKey));
    }
  };
  return { fieldError, setFieldError, formError, reset, show };
}

/**
 * Two-step login: turned on with a secret shown as a QR code and as text, off with the current
 * password and a current code (decision 051).
 */
export function TwoFactorCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mfa = useQuery(mfaQueryOptions("me"));
  const [mode, setMode] = useState<Mode>("idle");
  const [secret, setSecret] = useState("");
  const [code, setCode] = useState("");
  const [isPending, setIsPending] = useState(false);
  const errors = useCodeErrors(mode === "removing" ? "account.twoFactor.removeFailed" : "account.twoFactor.saveFailed");
  const proof = useIdentityProof(true);

  const begin = (next: Mode) => {
    errors.reset();
    proof.clear();
    setCode("");
    setSecret(next === "enrolling" ? newTotpSecret() : "");
    setMode(next);
  };

  const submit = async () => {
    errors.reset();
    const given = mode === "removing" ? proof.collect() : null;
    if (mode === "removing" && !given) return;
    if (mode === "enrolling" && !code) return errors.setFieldError(t("validation.codeRequired"));
    setIsPending(true);
    try {
      if (mode === "enrolling") await enableOwnMfa(secret, code);
      else await removeMfa("me", given ?? {});
      notifications.addToast({
        variant: "success",
        title: t(mode === "enrolling" ? "account.twoFactor.enabled" : "account.twoFactor.disabled"),
      });
      await queryClient.invalidateQueries({ queryKey: accountKeys.mfa("me") });
      setMode("idle");
      setSecret("");
      proof.clear();
    } catch (failure) {
      if (mode !== "removing" || !proof.showFailure(failure)) errors.show(failure);
    } finally {
      setIsPending(false);
    }
  };

  const isOn = Boolean(mfa.data);

  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-bold">{t("account.twoFactor.title")}</h2>
      <p className="text-body/75">{t("account.twoFactor.intro")}</p>
      {mfa.isPending ? (
        <Skeleton className="h-11 w-60" />
      ) : mfa.isError ? (
        <Alert variant="error">{t("errors.generic")}</Alert>
      ) : mode === "idle" ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-semibold" data-testid="two-factor-status">
            {t(isOn ? "account.twoFactor.on" : "account.twoFactor.off")}
          </p>
          <Button variant={isOn ? "danger" : "primary"} onClick={() => begin(isOn ? "removing" : "enrolling")}>
            {t(isOn ? "account.twoFactor.disable" : "account.twoFactor.enable")}
          </Button>
        </div>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {mode === "enrolling" ? (
            <SecretToScan secret={secret} email={email} />
          ) : (
            <p>{t("account.twoFactor.disableIntro")}</p>
          )}
          {mode === "enrolling" ? (
            <OneTimeCodeField value={code} onChange={setCode} error={errors.fieldError} />
          ) : (
            <IdentityProofFields proof={proof} />
          )}
          {errors.formError && <Alert variant="error">{errors.formError}</Alert>}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setMode("idle")}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" variant={mode === "removing" ? "danger" : "primary"} isLoading={isPending}>
              {t(mode === "enrolling" ? "account.twoFactor.confirm" : "account.twoFactor.confirmDisable")}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

/**
 * The new secret as a QR code and as text, to add to an authenticator app. The QR code library
 * loads only for someone turning 2FA on.
 */
function SecretToScan({ secret, email }: { secret: string; email: string }) {
  const { t } = useTranslation();
  const { organisationName } = useGeneralContent();
  const [qrCode, setQrCode] = useState<string | null>(null);

  useEffect(() => {
    if (!secret) return;
    let isCurrent = true;
    void import("qrcode")
      .then((qr) => qr.toDataURL(totpUri(secret, organisationName, email), { margin: 1, width: 200 }))
      .then((url) => isCurrent && setQrCode(url))
      .catch(() => isCurrent && setQrCode(null));
    return () => {
      isCurrent = false;
    };
  }, [secret, organisationName, email]);

  return (
    <div className="grid items-center gap-5 sm:grid-cols-[auto_1fr]">
      <div className="flex size-[200px] items-center justify-center rounded-lg bg-white ring-1 ring-black/10">
        {qrCode ? (
          <img src={qrCode} width={200} height={200} alt={t("account.twoFactor.qrAlt")} />
        ) : (
          <Skeleton className="size-[184px]" />
        )}
      </div>
      <div className="min-w-0 space-y-2">
        <p>{t("account.twoFactor.scan")}</p>
        <p className="text-sm font-semibold text-body/70">{t("account.twoFactor.secretLabel")}</p>
        <code
          data-testid="totp-secret"
          data-secret={secret}
          className="block rounded-md bg-body/5 px-3 py-2 font-mono text-sm break-words select-all"
        >
          {groupedSecret(secret)}
        </code>
      </div>
    </div>
  );
}
