import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { IdentityProof } from "@cohort/common/auth";
import { mfaQueryOptions } from "../../api/account";
import { isClientError } from "../../api/client-error";
import { TextField } from "../../ui/text-field";

/** Whether the logged-in person has two-step verification on; undefined until known (or not asked). */
export function useOwnTwoFactor(enabled = true): boolean | undefined {
  const mfa = useQuery({ ...mfaQueryOptions("me"), enabled });
  return mfa.isSuccess ? mfa.data !== null : undefined;
}

/** The field for a current code from an authenticator app. */
export function OneTimeCodeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("account.twoFactor.codeLabel")}
      hint={t("account.twoFactor.codeHint")}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={10}
      className="max-w-60"
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\s/g, ""))}
      error={error}
    />
  );
}

/**
 * The current password, and the current code when two-step verification is
 * on, that a change of one's own account asks for (decision 051): the values,
 * their errors, and the body fields to send.
 */
export function useIdentityProof(hasTwoFactor: boolean | undefined) {
  const { t } = useTranslation();
  // The server asking for a code shows the field even if the page did not know 2FA was on.
  const [isCodeAsked, setIsCodeAsked] = useState(false);
  const needsCode = Boolean(hasTwoFactor) || isCodeAsked;
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [codeError, setCodeError] = useState<string | undefined>();

  /** The proof to send, or null (with the empty fields marked) when something is missing. */
  const collect = (): IdentityProof | null => {
    const missingPassword = !password;
    const missingCode = needsCode && !code;
    setPasswordError(missingPassword ? t("account.password.currentRequired") : undefined);
    setCodeError(missingCode ? t("validation.codeRequired") : undefined);
    if (missingPassword || missingCode) return null;
    return { currentPassword: password, ...(needsCode ? { token: code } : {}) };
  };

  /** Shows a refused password or code on its field; false when the failure is about something else. */
  const showFailure = (failure: unknown): boolean => {
    if (!isClientError(failure)) return false;
    const onPassword = failure.errors.some((error) => error.property === "currentPassword");
    if (failure.code === "wrong-password" || (failure.code === "invalid-request" && onPassword)) {
      setPasswordError(
        t(failure.code === "wrong-password" ? "errors.wrongPassword" : "account.password.currentRequired"),
      );
      return true;
    }
    if (failure.code === "missing-token" || failure.code === "invalid-token") {
      setIsCodeAsked(true);
      setCode("");
      setCodeError(t(failure.code === "missing-token" ? "validation.codeRequired" : "errors.invalidToken"));
      return true;
    }
    return false;
  };

  /** Forgets what was typed, after a change went through. */
  const clear = () => {
    setPassword("");
    setCode("");
    setPasswordError(undefined);
    setCodeError(undefined);
  };

  return { password, setPassword, code, setCode, passwordError, codeError, needsCode, collect, showFailure, clear };
}

export type IdentityProofState = ReturnType<typeof useIdentityProof>;

/** The fields of `useIdentityProof`: the current password, then the code when it is needed. */
export function IdentityProofFields({ proof }: { proof: IdentityProofState }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t("account.password.current")}
        type="password"
        autoComplete="current-password"
        value={proof.password}
        onChange={(event) => proof.setPassword(event.target.value)}
        error={proof.passwordError}
      />
      {proof.needsCode && <OneTimeCodeField value={proof.code} onChange={proof.setCode} error={proof.codeError} />}
    </>
  );
}
