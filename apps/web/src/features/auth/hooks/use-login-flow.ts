import { useState } from "react";
import type { Login } from "@cohort/common/auth";
import { isClientError, knownErrorCode } from "../../../api/client-error";
import { messageForError } from "../../../api/error-messages";
import { usePlainForm } from "../../../app/forms/form-error";
import type { CredentialsForm, TokenForm } from "../forms/login-form-checks";
import { useLogin } from "./use-login";

export type LoginStep = "credentials" | "token";

/**
 * The two steps of logging in: email and password, then, for accounts with
 * two-factor authentication, the code from the authenticator app.
 */
export function useLoginFlow(onLoggedIn: () => void) {
  const loginMutation = useLogin();
  const [step, setStep] = useState<LoginStep>("credentials");
  const [credentials, setCredentials] = useState<CredentialsForm | null>(null);
  const form = usePlainForm();

  const attempt = (values: Login) =>
    form.send(
      async () => {
        await loginMutation.mutateAsync(values);
        onLoggedIn();
      },
      (failure) => {
        const code = knownErrorCode(failure);
        if (code === "requires-2fa" || code === "mfa-token-required") {
          setStep("token");
          return null;
        }
        // Server failures are already reported in the notification tray.
        if (isClientError(failure) && failure.httpCode >= 500) return null;
        return messageForError(failure);
      },
    );

  return {
    step,
    error: form.error,
    email: credentials?.email,
    isPending: loginMutation.isPending,
    submitCredentials: async (values: CredentialsForm) => {
      setCredentials(values);
      await attempt(values);
    },
    submitToken: async ({ token }: TokenForm) => {
      if (credentials) await attempt({ ...credentials, token });
    },
    goBack: () => {
      form.setError(null);
      setStep("credentials");
    },
  };
}
