import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { knownErrorCode } from "../../../../api/client-error";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { confirmEmailChange } from "../../../../api/resets";
import { sessionKeys } from "../../../../api/session";
import { Alert } from "../../../../ui/alert";
import { linkClass } from "../../../../ui/class-names";
import { Spinner } from "../../../../ui/spinner";

type State =
  | { step: "working" }
  | { step: "done" }
  | { step: "failed"; message: "resets.emailChange.expired" | "resets.emailChange.duplicate" | ErrorMessageKey };

/** The link sent to a new email address: opening it makes the address the account's. */
export function EmailChangePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { id = "" } = useParams();
  const [state, setState] = useState<State>({ step: "working" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const run = async () => {
      try {
        await confirmEmailChange(id);
        await queryClient.invalidateQueries({ queryKey: sessionKeys.me });
        setState({ step: "done" });
      } catch (error) {
        const code = knownErrorCode(error);
        const message =
          code === "not-found" || code === "invalid-request"
            ? "resets.emailChange.expired"
            : code === "duplicate-email"
              ? "resets.emailChange.duplicate"
              : messageForError(error);
        setState({ step: "failed", message });
      }
    };
    void run();
  }, [id, queryClient]);

  if (state.step === "working") {
    return (
      <div role="status" className="flex flex-col items-center gap-3">
        <Spinner className="size-8" />
        <p className="text-body/75">{t("resets.emailChange.working")}</p>
      </div>
    );
  }
  const toProfile = (
    <Link to="/profile" className={linkClass}>
      {t("resets.emailChange.toProfile")}
    </Link>
  );
  return state.step === "done" ? (
    <Alert variant="success" title={t("resets.emailChange.doneTitle")}>
      {t("resets.emailChange.done")} {toProfile}
    </Alert>
  ) : (
    <Alert variant="error" title={t("resets.emailChange.failedTitle")}>
      {t(state.message)} {toProfile}
    </Alert>
  );
}
