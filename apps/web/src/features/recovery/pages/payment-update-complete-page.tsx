import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import type { PaymentEpisode } from "@cohort/common/recovery";
import { knownErrorCode } from "../../../api/client-error";
import type { ErrorMessageKey } from "../../../api/error-messages";
import { messageForError } from "../../../api/error-messages";
import { completeLinkUpdate } from "../../../api/recovery";
import { Alert } from "../../../ui/alert";
import { Spinner } from "../../../ui/spinner";
import { paymentFlowIdFrom } from "../../../shared/contribution/flow-id";

type State =
  | { step: "working" }
  | { step: "done"; episode: PaymentEpisode }
  | { step: "failed"; message: ErrorMessageKey | "recovery.page.unavailable" };

/** Back from the payment provider: the new method is kept and the failed payment collected again. */
export function PaymentUpdateCompletePage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const [searchParams] = useSearchParams();
  const [state, setState] = useState<State>({ step: "working" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const run = async () => {
      try {
        const paymentFlowId = paymentFlowIdFrom(searchParams);
        if (!paymentFlowId) throw new Error("No payment flow id");
        setState({ step: "done", episode: await completeLinkUpdate(id, paymentFlowId) });
      } catch (error) {
        setState({
          step: "failed",
          message: knownErrorCode(error) === "not-found" ? "recovery.page.unavailable" : messageForError(error),
        });
      }
    };
    void run();
  }, [id, searchParams]);

  if (state.step === "working") {
    return (
      <div role="status" className="flex flex-col items-center gap-3">
        <Spinner className="size-8" />
        <p className="text-body/75">{t("join.working")}</p>
      </div>
    );
  }
  if (state.step === "failed") {
    return (
      <Alert variant="error" title={t("recovery.complete.failedTitle")}>
        {t(state.message)}
      </Alert>
    );
  }
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("recovery.complete.title")}</h1>
      <Alert variant="success" title={t("recovery.complete.doneTitle")}>
        {state.episode.status === "recovered" ? t("recovery.complete.recovered") : t("recovery.complete.collecting")}
      </Alert>
    </div>
  );
}
