import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import type { PaymentEpisode } from "@cohort/common/recovery";
import { knownErrorCode } from "../../../api/client-error";
import type { ErrorMessageKey } from "../../../api/error-messages";
import { messageForError } from "../../../api/error-messages";
import { completeLinkUpdate, paymentUpdatePaths } from "../../../api/recovery";
import { Alert } from "../../../ui/alert";
import { linkButtonClass } from "../../../ui/link-button-class";
import { FlowStep } from "../../../shared/contribution/flow-step";
import { paymentFlowIdFrom } from "../../../shared/contribution/flow-id";

type Outcome =
  | { step: "done"; episode: PaymentEpisode }
  | { step: "failed"; message: ErrorMessageKey | "recovery.page.unavailable" | "recovery.complete.notSetUp" };

/** What a failed completion says: the link is gone, the provider did not set the method up, or another error. */
function failureMessage(error: unknown) {
  switch (knownErrorCode(error)) {
    case "not-found":
      return "recovery.page.unavailable";
    case "invalid-request":
      return "recovery.complete.notSetUp";
    default:
      return messageForError(error);
  }
}

/** Back from the payment provider: the new method is kept and the failed payment collected again. */
export function PaymentUpdateCompletePage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const [searchParams] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const run = useCallback(async () => {
    try {
      const paymentFlowId = paymentFlowIdFrom(searchParams);
      if (!paymentFlowId) throw new Error("No payment flow id");
      setOutcome({ step: "done", episode: await completeLinkUpdate(id, paymentFlowId) });
    } catch (error) {
      setOutcome({ step: "failed", message: failureMessage(error) });
    }
  }, [id, searchParams]);

  if (!outcome) return <FlowStep run={run} />;
  if (outcome.step === "failed") {
    // Unless the link is gone, it still works: the person can set up a method again from its page.
    return (
      <div className="space-y-6">
        <Alert variant="error" title={t("recovery.complete.failedTitle")}>
          {t(outcome.message)}
        </Alert>
        {outcome.message !== "recovery.page.unavailable" && (
          <Link to={paymentUpdatePaths.page(id)} className={linkButtonClass()}>
            {t("recovery.page.submit")}
          </Link>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("recovery.complete.title")}</h1>
      <Alert variant="success" title={t("recovery.complete.doneTitle")}>
        {outcome.episode.status === "recovered" ? t("recovery.complete.recovered") : t("recovery.complete.collecting")}
      </Alert>
    </div>
  );
}
