import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { knownErrorCode } from "../../../api/client-error";
import type { ErrorMessageKey } from "../../../api/error-messages";
import { messageForError } from "../../../api/error-messages";
import { loadNewSession } from "../../../api/resets";
import { confirmSignupEmail, resendSignupConfirmation } from "../../../api/signup";
import { loginPath } from "../../../app/router/next-path";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { linkClass } from "../../../ui/class-names";
import { FlowStep } from "../../../shared/contribution/flow-step";
import { joinedLoginState } from "../../../shared/auth/login-notice";

type Failure = "duplicate-email" | "unknown-link" | ErrorMessageKey;
type Resend = "idle" | "pending" | "sent" | "failed";

/** The link from the confirmation email: the account is created and the new member logged in. */
export function JoinConfirmEmailIdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id = "" } = useParams();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [resend, setResend] = useState<Resend>("idle");

  const run = useCallback(async () => {
    try {
      const { isLoggedIn } = await confirmSignupEmail(id);
      if (!isLoggedIn) {
        // Joined, but the account logs in as usual (a second factor, or staff rights); set-up follows the login.
        void navigate(loginPath("/join/setup"), { replace: true, state: joinedLoginState });
        return;
      }
      await loadNewSession(queryClient);
      void navigate("/join/setup", { replace: true });
    } catch (error) {
      const code = knownErrorCode(error);
      // A link that was cut short or mistyped is as unusable as one that ran out.
      const isUnknown = code === "not-found" || code === "invalid-request";
      setFailure(code === "duplicate-email" ? code : isUnknown ? "unknown-link" : messageForError(error));
    }
  }, [id, navigate, queryClient]);

  const sendNewLink = async () => {
    setResend("pending");
    try {
      await resendSignupConfirmation(id);
      setResend("sent");
    } catch {
      setResend("failed");
    }
  };

  if (!failure) return <FlowStep run={run} />;
  return (
    <div className="w-full max-w-md text-left text-body">
      <Alert variant="error" title={t("join.confirmEmail.failedTitle")}>
        {failure === "duplicate-email" ? (
          <>
            {t("join.confirmEmail.duplicate")}{" "}
            <Link to="/auth/login" className={linkClass}>
              {t("join.login")}
            </Link>
          </>
        ) : failure === "unknown-link" ? (
          <div className="space-y-3">
            <p>{t("join.confirmEmail.unknownLink")}</p>
            {resend === "sent" ? (
              <p role="status">{t("join.confirmEmail.newLinkSent")}</p>
            ) : resend === "failed" ? (
              <p role="status">
                {t("join.confirmEmail.newLinkFailed")}{" "}
                <Link to="/join" className={linkClass}>
                  {t("join.startAgain")}
                </Link>
              </p>
            ) : (
              <div className="flex flex-wrap items-center gap-4">
                <Button isLoading={resend === "pending"} onClick={() => void sendNewLink()}>
                  {t("join.confirmEmail.sendNewLink")}
                </Button>
                <Link to="/join" className={linkClass}>
                  {t("join.startAgain")}
                </Link>
              </div>
            )}
          </div>
        ) : (
          t(failure)
        )}
      </Alert>
    </div>
  );
}
