import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { knownErrorCode } from "../../../api/client-error";
import type { ErrorMessageKey } from "../../../api/error-messages";
import { messageForError } from "../../../api/error-messages";
import { loadNewSession } from "../../../api/resets";
import { confirmSignupEmail } from "../../../api/signup";
import { Alert } from "../../../ui/alert";
import { linkClass } from "../../../ui/class-names";
import { FlowStep } from "../components/flow-step";

type Failure = "duplicate-email" | "not-found" | ErrorMessageKey;

/** The link from the confirmation email: the account is created and the new member logged in. */
export function JoinConfirmEmailIdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id = "" } = useParams();
  const [failure, setFailure] = useState<Failure | null>(null);

  const run = useCallback(async () => {
    try {
      await confirmSignupEmail(id);
      await loadNewSession(queryClient);
      void navigate("/join/setup", { replace: true });
    } catch (error) {
      const code = knownErrorCode(error);
      setFailure(code === "duplicate-email" || code === "not-found" ? code : messageForError(error));
    }
  }, [id, navigate, queryClient]);

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
        ) : failure === "not-found" ? (
          <>
            {t("join.confirmEmail.unknownLink")}{" "}
            <Link to="/join" className={linkClass}>
              {t("join.startAgain")}
            </Link>
          </>
        ) : (
          t(failure)
        )}
      </Alert>
    </div>
  );
}
