import type { PaymentKind, PaymentSortField, PaymentStatus } from "@cohort/common/payments";
import { paymentKinds, paymentSortFields, paymentStatuses } from "@cohort/common/payments";
import type { Rule, RuleGroup } from "@cohort/common/filters";
import type { PaymentListRequest } from "../../../../api/admin-payments";

export const paymentPageSizes = [25, 50, 100] as const;
const defaultPageSize = 25;

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

function positiveInteger(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

function oneOf<T extends string>(options: readonly T[], value: string | null): T | undefined {
  return options.find((option) => option === value);
}

export function readPaymentListState(params: URLSearchParams): PaymentListState {
  const size = positiveInteger(params.get("size"), defaultPageSize);
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  return {
    status: oneOf(paymentStatuses, params.get("status")),
    kind: oneOf(paymentKinds, params.get("kind")),
    from: isoDay.test(from) ? from : undefined,
    to: isoDay.test(to) ? to : undefined,
    sort: oneOf(paymentSortFields, params.get("sort")) ?? "chargeDate",
    order: params.get("order") === "ASC" ? "ASC" : "DESC",
    page: positiveInteger(params.get("page"), 1),
    size: paymentPageSizes.some((option) => option === size) ? size : defaultPageSize,
  };
}

/** The address for a state; defaults stay out of it. */
export function writePaymentListState(state: PaymentListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status) params.set("status", state.status);
  if (state.kind) params.set("kind", state.kind);
  if (state.from) params.set("from", state.from);
  if (state.to) params.set("to", state.to);
  if (state.sort !== "chargeDate") params.set("sort", state.sort);
  if (state.order !== "DESC") params.set("order", state.order);
  if (state.page > 1) params.set("page", String(state.page));
  if (state.size !== defaultPageSize) params.set("size", String(state.size));
  return params;
}

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
