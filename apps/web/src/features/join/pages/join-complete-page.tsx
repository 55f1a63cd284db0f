import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { completeSignup } from "../../../api/signup";
import { FlowStep } from "../../../shared/contribution/flow-step";
import { paymentFlowIdFrom } from "../../../shared/contribution/flow-id";

/** Back from the payment provider: the join is recorded and the confirmation email goes out. */
export function JoinCompletePage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const run = useCallback(async () => {
    const paymentFlowId = paymentFlowIdFrom(searchParams);
    try {
      if (!paymentFlowId) throw new Error("No payment flow id");
      await completeSignup(paymentFlowId);
      void navigate("/join/confirm-email", { replace: true });
    } catch {
      void navigate("/join/failed", { replace: true });
    }
  }, [navigate, searchParams]);
  return <FlowStep run={run} />;
}
