import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { completeContribution, completePaymentMethod, contributionKeys } from "../../../../api/contribution";
import { messageForError } from "../../../../api/error-messages";
import { sessionKeys } from "../../../../api/session";
import { notifications } from "../../../../app/notifications/notification-store";
import { FlowStep } from "../../../../shared/contribution/flow-step";
import { paymentFlowIdFrom } from "../../../../shared/contribution/flow-id";

/** Back from the payment provider: finish the step, then return to the contribution page with a message. */
function useCompleteFlow(complete: (paymentFlowId: string) => Promise<void>, doneKey: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  return useCallback(async () => {
    const paymentFlowId = paymentFlowIdFrom(searchParams);
    try {
      if (!paymentFlowId) throw new Error("No payment flow id");
      await complete(paymentFlowId);
      await queryClient.invalidateQueries({ queryKey: contributionKeys.me });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.me });
      notifications.addToast({ variant: "success", title: t(doneKey) });
    } catch (failure) {
      notifications.addToast({ variant: "error", title: t(messageForError(failure)), timeout: 0 });
    }
    void navigate("/profile/contribution", { replace: true });
  }, [complete, doneKey, navigate, queryClient, searchParams, t]);
}

export function ContributionCompletePage() {
  return <FlowStep run={useCompleteFlow(completeContribution, "contribution.change.done")} />;
}

export function PaymentMethodCompletePage() {
  return <FlowStep run={useCompleteFlow(completePaymentMethod, "contribution.paymentMethod.done")} />;
}
