import type { PaymentKind, PaymentSortField, PaymentStatus } from "@cohort/common/payments";
import { paymentKinds, paymentSortFields, paymentStatuses } from "@cohort/common/payments";
import type { Rule, RuleGroup } from "@cohort/common/filters";
import type { PaymentListRequest } from "../../../../api/admin-payments";
import { matchingParam, oneOfParam, orderParam, pageParam, pageSizeParam, urlList } from "../../shared/url-list-state";

export const paymentPageSizes = [25, 50, 100] as const;

/** What the payment list shows, as the address keeps it. */
export interface PaymentListState {
  status: PaymentStatus | undefined;
  /** Contributions' payments or one-time gifts; undefined for both. */
  kind: PaymentKind | undefined;
  /** Inclusive first and last charge day, YYYY-MM-DD. */
  from: string | undefined;
  to: string | undefined;
  sort: PaymentSortField;
  order: "ASC" | "DESC";
  page: number;
  size: number;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** The address's parameters, in the order they are written. */
export const paymentList = urlList<PaymentListState>({
  status: oneOfParam("status", paymentStatuses, undefined),
  kind: oneOfParam("kind", paymentKinds, undefined),
  from: matchingParam("from", isoDay),
  to: matchingParam("to", isoDay),
  sort: oneOfParam("sort", paymentSortFields, "chargeDate"),
  order: orderParam(),
  page: pageParam(),
  size: pageSizeParam(paymentPageSizes),
});

/** The filter rules for a status, a kind and a charge date range, or undefined for every payment. */
export function paymentRules(state: Pick<PaymentListState, "status" | "kind" | "from" | "to">): RuleGroup | undefined {
  const rules: Rule[] = [];
  if (state.status) rules.push({ field: "status", operator: "equal", value: [state.status] });
  if (state.kind) rules.push({ field: "kind", operator: "equal", value: [state.kind] });
  if (state.from) rules.push({ field: "chargeDate", operator: "greater_or_equal", value: [state.from] });
  if (state.to) rules.push({ field: "chargeDate", operator: "less_or_equal", value: [state.to] });
  return rules.length > 0 ? { condition: "AND", rules } : undefined;
}

export function paymentListRequest(state: PaymentListState): PaymentListRequest {
  return {
    limit: state.size,
    offset: (state.page - 1) * state.size,
    sort: state.sort,
    order: state.order,
    rules: paymentRules(state),
  };
}
