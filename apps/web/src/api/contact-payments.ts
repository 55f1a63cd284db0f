import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { paymentListSchema } from "@cohort/common/payments";
import { apiGet } from "./client";

export const contactPaymentKeys = {
  /** Every list of this contact's payments, whatever its length: `me` for the logged-in member. */
  all: (contactId: string) => ["contacts", "payments", contactId] as const,
  list: (contactId: string, limit: number) => [...contactPaymentKeys.all(contactId), limit] as const,
};

/** A contact's newest `limit` payments (`me`: the logged-in member's own), newest first. */
export function contactPaymentsQueryOptions(contactId: string, limit = 100) {
  return queryOptions({
    queryKey: contactPaymentKeys.list(contactId, limit),
    queryFn: ({ signal }) =>
      apiGet(`/contact/${encodeURIComponent(contactId)}/payment`, paymentListSchema, {
        signal,
        query: { limit, offset: 0, sort: "chargeDate", order: "DESC" },
      }),
    // Asking for more keeps the rows already shown on screen.
    placeholderData: keepPreviousData,
  });
}
