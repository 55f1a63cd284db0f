import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { confirmGuestResponse } from "../../../api/callouts";
import { isClientError } from "../../../api/client-error";
import type { ErrorMessageKey } from "../../../api/error-messages";
import { messageForError } from "../../../api/error-messages";
import { Alert } from "../../../ui/alert";
import { linkClass } from "../../../ui/class-names";
import { Spinner } from "../../../ui/spinner";

type Outcome =
  | { kind: "working" }
  | { kind: "linked"; calloutSlug: string }
  | {
      kind: "failed";
      message: ErrorMessageKey | "callouts.confirmResponse.unknownLink" | "callouts.confirmResponse.alreadyAnswered";
    };

function failureMessage(error: unknown) {
  if (isClientError(error)) {
    if (error.code === "not-found" || error.code === "invalid-request") return "callouts.confirmResponse.unknownLink";
    if (error.subCode === "cant-update") return "callouts.confirmResponse.alreadyAnswered";
  }
  return messageForError(error);
}

/** The link from a guest's confirmation email: their response is linked to their email address. */
export function ConfirmResponsePage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: "working" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirmGuestResponse(id).then(
      (calloutSlug) => setOutcome({ kind: "linked", calloutSlug }),
      (error: unknown) => setOutcome({ kind: "failed", message: failureMessage(error) }),
    );
  }, [id]);

  if (outcome.kind === "working") {
    return (
      <div role="status" className="flex flex-col items-center gap-3">
        <Spinner className="size-8" />
        <p className="text-body/75">{t("callouts.confirmResponse.working")}</p>
      </div>
    );
  }
  if (outcome.kind === "failed") {
    return (
      <Alert variant="error" title={t("callouts.confirmResponse.failedTitle")}>
        {t(outcome.message)}
      </Alert>
    );
  }
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("callouts.confirmResponse.title")}</h1>
      <Alert variant="success">{t("callouts.confirmResponse.linked")}</Alert>
      <Link to={`/callouts/${encodeURIComponent(outcome.calloutSlug)}`} className={linkClass}>
        {t("callouts.confirmResponse.backToCallout")}
      </Link>
    </div>
  );
}
