import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { paymentListSchema } from "@cohort/common/payments";
import { apiGet, apiUrl } from "./client";

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

/** A successful payment's PDF receipt (`me`: the logged-in member's own). */
export function paymentReceiptUrl(contactId: string, paymentId: string): string {
  return apiUrl(`/contact/${encodeURIComponent(contactId)}/payment/${encodeURIComponent(paymentId)}/receipt`);
}

/** The PDF summary of a calendar year's successful payments. */
export function yearlyReceiptUrl(contactId: string, year: number): string {
  return apiUrl(`/contact/${encodeURIComponent(contactId)}/payment/receipts/${year}`);
}
