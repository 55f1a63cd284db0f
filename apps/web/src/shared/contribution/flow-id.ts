import { paymentFlowIdParams } from "@cohort/common/contributions";

/** The id a payment provider added to the return address (`redirect_flow_id` or `setup_intent`). */
export function paymentFlowIdFrom(searchParams: URLSearchParams): string | null {
  for (const name of paymentFlowIdParams) {
    const value = searchParams.get(name);
    if (value) return value;
  }
  return null;
}
