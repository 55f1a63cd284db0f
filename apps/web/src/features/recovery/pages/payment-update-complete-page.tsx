import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import type { PaymentEpisode } from "@cohort/common/recovery";
import { knownErrorCode } from "../../../api/client-error";
import type { ErrorMessageKey } from "../../../api/error-messages";
import { messageForError } from "../../../api/error-messages";
import { completeLinkUpdate } from "../../../api/recovery";
import { Alert } from "../../../ui/alert";
import { FlowStep } from "../../../shared/contribution/flow-step";
import { paymentFlowIdFrom } from "../../../shared/contribution/flow-id";

type Outcome =
  | { step: "done"; episode: PaymentEpisode }
  | { step: "failed"; message: ErrorMessageKey | "recovery.page.unavailable" };

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
      setOutcome({
        step: "failed",
        message: knownErrorCode(error) === "not-found" ? "recovery.page.unavailable" : messageForError(error),
      });
    }
  }, [id, searchParams]);

  if (!outcome) return <FlowStep run={run} />;
  if (outcome.step === "failed") {
    return (
      <Alert variant="error" title={t("recovery.complete.failedTitle")}>
        {t(outcome.message)}
      </Alert>
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
