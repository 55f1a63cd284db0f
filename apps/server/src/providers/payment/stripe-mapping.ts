import type { PaymentMethod, PaymentStatus } from "@cohort/common/payments";
import type Stripe from "stripe";
import type { ProviderEvent } from "./index.js";

/** The Stripe payment method type a setup intent asks for. iDEAL sets up a SEPA Direct Debit mandate. */
export const stripeSetupTypes = {
  s_card: "card",
  s_sepa: "sepa_debit",
  s_bacs: "bacs_debit",
  s_paypal: "paypal",
  s_ideal: "ideal",
} as const satisfies Partial<Record<PaymentMethod, string>>;

export type StripeMethod = keyof typeof stripeSetupTypes;

export const stripeMethods = Object.keys(stripeSetupTypes) as StripeMethod[];

export function isStripeMethod(method: PaymentMethod): method is StripeMethod {
  return method in stripeSetupTypes;
}

/** Which of our methods a saved Stripe payment method is, and what the person sees of it. */
export function describePaymentMethod(paymentMethod: Stripe.PaymentMethod): {
  method: StripeMethod;
  source: Record<string, unknown>;
} {
  const { card, sepa_debit: sepa, bacs_debit: bacs, paypal, link } = paymentMethod;
  switch (paymentMethod.type) {
    case "card":
      return {
        method: "s_card",
        source: {
          method: "s_card",
          isLink: false,
          last4: card?.last4 ?? null,
          expiryMonth: card?.exp_month ?? null,
          expiryYear: card?.exp_year ?? null,
        },
      };
    case "link":
      return { method: "s_card", source: { method: "s_card", isLink: true, email: link?.email ?? null } };
    case "sepa_debit":
      return {
        method: "s_sepa",
        source: {
          method: "s_sepa",
          country: sepa?.country ?? null,
          bankCode: sepa?.bank_code ?? null,
          branchCode: sepa?.branch_code ?? null,
          last4: sepa?.last4 ?? null,
        },
      };
    case "bacs_debit":
      return {
        method: "s_bacs",
        source: { method: "s_bacs", sortCode: bacs?.sort_code ?? null, last4: bacs?.last4 ?? null },
      };
    case "paypal":
      return {
        method: "s_paypal",
        source: { method: "s_paypal", payerEmail: paypal?.payer_email ?? null, payerId: paypal?.payer_id ?? null },
      };
    default:
      throw new Error(`Stripe payment method type ${paymentMethod.type} is not supported`);
  }
}

/** Stripe invoice status → payment status (draft→draft, open→pending, paid→successful, void→cancelled, uncollectible→failed). */
const invoiceStatuses: Record<string, PaymentStatus> = {
  draft: "draft",
  open: "pending",
  paid: "successful",
  void: "cancelled",
  uncollectible: "failed",
};

/** Events whose type alone says what happened to the payment. */
const statusByEventType: Record<string, PaymentStatus> = {
  "invoice.paid": "successful",
  "invoice.payment_succeeded": "successful",
  "invoice.payment_failed": "failed",
  "invoice.voided": "cancelled",
  "invoice.marked_uncollectible": "failed",
};

/** Events that report the invoice's state as it now is. */
const statusFromInvoiceEvents = new Set(["invoice.finalized", "invoice.updated"]);

/** The id of an object Stripe may send as an id or expanded. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === "string" ? value : value.id;

const fromUnix = (seconds: number) => new Date(seconds * 1000);

/**
 * The subscription an invoice belongs to. Current API versions put it under
 * `parent.subscription_details`; endpoints pinned to older versions still send
 * a top-level `subscription`.
 */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const current = idOf(invoice.parent?.subscription_details?.subscription);
  if (current) return current;
  const legacy: unknown = (invoice as unknown as Record<string, unknown>).subscription;
  return typeof legacy === "string" ? legacy : idOf(legacy as { id: string } | null | undefined);
}

function invoiceEvent(event: Stripe.Event, invoice: Stripe.Invoice): ProviderEvent {
  const ignored: ProviderEvent = { kind: "ignored", eventId: event.id, type: event.type };
  const status =
    statusByEventType[event.type] ??
    (statusFromInvoiceEvents.has(event.type) && invoice.status ? invoiceStatuses[invoice.status] : undefined);
  const customerId = idOf(invoice.customer);
  if (!status || !customerId) return ignored;
  const transitions = invoice.status_transitions;
  const chargedAt = transitions?.paid_at ?? transitions?.finalized_at ?? invoice.created;
  const periodEnd = invoice.lines?.data?.[0]?.period?.end;
  // A failed attempt: Stripe counts the attempts and says when its retry schedule tries again.
  const isFailure = event.type === "invoice.payment_failed";
  return {
    kind: "payment",
    eventId: event.id,
    providerPaymentId: invoice.id,
    customerId,
    subscriptionId: invoiceSubscription(invoice),
    amountMinor: invoice.amount_paid > 0 ? invoice.amount_paid : invoice.total,
    currency: invoice.currency.toUpperCase(),
    status,
    chargeDate: fromUnix(chargedAt),
    periodEnd: periodEnd ? fromUnix(periodEnd) : null,
    ...(isFailure && {
      failure: {
        reason: null,
        category: "other" as const,
        reportedAt: fromUnix(event.created),
        attempt: invoice.attempt_count > 0 ? invoice.attempt_count : undefined,
      },
      nextAttemptAt: invoice.next_payment_attempt ? fromUnix(invoice.next_payment_attempt) : null,
    }),
  };
}

/** Payment intent status → payment status; one still waiting for the person is no payment yet. */
const intentStatuses: Partial<Record<Stripe.PaymentIntent.Status, PaymentStatus>> = {
  succeeded: "successful",
  processing: "pending",
  canceled: "cancelled",
};

/** Whether a payment intent is a one-time gift's (decision 068): its metadata says so and names our flow. */
export function isGiftIntent(intent: Stripe.PaymentIntent): boolean {
  return intent.metadata?.kind === "gift" && typeof intent.metadata.flowId === "string";
}

/**
 * A gift's payment intent as a payment event, or null while it waits for the
 * person. A failed attempt puts the intent back to waiting for a method, so
 * the `payment_failed` event's type says the attempt failed.
 */
export function giftPaymentEvent(
  eventId: string,
  intent: Stripe.PaymentIntent,
  eventType?: string,
): Extract<ProviderEvent, { kind: "payment" }> | null {
  const status: PaymentStatus | undefined =
    eventType === "payment_intent.payment_failed" ? "failed" : intentStatuses[intent.status];
  if (!status) return null;
  return {
    kind: "payment",
    eventId,
    providerPaymentId: intent.id,
    customerId: idOf(intent.customer) ?? "",
    subscriptionId: null,
    amountMinor: intent.amount_received > 0 ? intent.amount_received : intent.amount,
    currency: intent.currency.toUpperCase(),
    status,
    chargeDate: fromUnix(intent.created),
    periodEnd: null,
    giftFlowId: intent.metadata.flowId,
  };
}

/** Turns a verified Stripe event into what Cohort acts on. */
export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const object = event.data.object as { object?: string };
  if (event.type.startsWith("payment_intent.") && object.object === "payment_intent") {
    const intent = object as Stripe.PaymentIntent;
    const gift = isGiftIntent(intent) ? giftPaymentEvent(event.id, intent, event.type) : null;
    if (gift) return gift;
  }
  if (event.type.startsWith("invoice.") && object.object === "invoice") {
    return invoiceEvent(event, object as Stripe.Invoice);
  }
  if (event.type === "customer.subscription.deleted") {
    const subscription = event.data.object;
    const customerId = idOf(subscription.customer);
    if (customerId) {
      return { kind: "subscription-cancelled", eventId: event.id, customerId, subscriptionId: subscription.id };
    }
  }
  return { kind: "ignored", eventId: event.id, type: event.type };
}
