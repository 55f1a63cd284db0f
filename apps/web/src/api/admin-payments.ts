import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ContributionInfo, PaymentSortField } from "@cohort/common/payments";
import { contributionInfoSchema, paymentListSchema, paymentTotalsSchema } from "@cohort/common/payments";
import type { ForceContribution } from "@cohort/common/contributions";
import type { RuleGroup } from "@cohort/common/filters";
import { apiGet, apiSend, apiUrl } from "./client";

/** One page of the payment list, as the admin screen asks for it. */
export interface PaymentListRequest {
  limit: number;
  offset: number;
  sort: PaymentSortField;
  order: "ASC" | "DESC";
  rules?: RuleGroup;
}

export const adminPaymentKeys = {
  all: ["payments"] as const,
  list: (request: PaymentListRequest) => [...adminPaymentKeys.all, "list", request] as const,
  totals: (rules: RuleGroup | undefined) => [...adminPaymentKeys.all, "totals", rules ?? null] as const,
};

/** The payments the list's filters match, in its order, as a CSV download (admins). */
export function paymentsCsvUrl(request: PaymentListRequest): string {
  return apiUrl("/payment.csv", {
    sort: request.sort,
    order: request.order,
    rules: request.rules ? JSON.stringify(request.rules) : undefined,
  });
}

export function paymentListQueryOptions(request: PaymentListRequest) {
  return queryOptions({
    queryKey: adminPaymentKeys.list(request),
    queryFn: ({ signal }) =>
      apiGet("/payment", paymentListSchema, {
        signal,
        query: {
          limit: request.limit,
          offset: request.offset,
          sort: request.sort,
          order: request.order,
          rules: request.rules ? JSON.stringify(request.rules) : undefined,
          with: ["contact"],
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Count and sums by status of every payment the rules match, not only one page. */
export function paymentTotalsQueryOptions(rules: RuleGroup | undefined) {
  return queryOptions({
    queryKey: adminPaymentKeys.totals(rules),
    queryFn: ({ signal }) =>
      apiGet("/payment/totals", paymentTotalsSchema, {
        signal,
        query: { rules: rules ? JSON.stringify(rules) : undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

export const contactMoneyKeys = {
  contribution: (contactId: string) => ["contacts", "contribution", contactId] as const,
};

export function contactContributionQueryOptions(contactId: string) {
  return queryOptions({
    queryKey: contactMoneyKeys.contribution(contactId),
    queryFn: ({ signal }) =>
      apiGet(`/contact/${encodeURIComponent(contactId)}/contribution`, contributionInfoSchema, { signal }),
  });
}

export async function forceContribution(contactId: string, input: ForceContribution): Promise<ContributionInfo> {
  const body = await apiSend("PATCH", `/contact/${encodeURIComponent(contactId)}/contribution/force`, input);
  return contributionInfoSchema.parse(body);
}

export async function cancelContactContribution(contactId: string): Promise<void> {
  await apiSend("POST", `/contact/${encodeURIComponent(contactId)}/contribution/cancel`);
}
