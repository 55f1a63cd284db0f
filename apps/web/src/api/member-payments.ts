import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { paymentListSchema } from "@cohort/common/payments";
import { apiGet } from "./client";

/** How many of their payments a member sees at first, and how many more each time they ask. */
export const MEMBER_PAYMENTS_PAGE = 12;

export const memberPaymentKeys = {
  all: ["contribution", "me", "payments"] as const,
  list: (limit: number) => [...memberPaymentKeys.all, limit] as const,
};

/** The logged-in member's newest `limit` payments. */
export function memberPaymentsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: memberPaymentKeys.list(limit),
    queryFn: ({ signal }) =>
      apiGet("/contact/me/payment", paymentListSchema, {
        signal,
        query: { limit, offset: 0, sort: "chargeDate", order: "DESC" },
      }),
    // Asking for more keeps the rows already shown on screen.
    placeholderData: keepPreviousData,
  });
}
