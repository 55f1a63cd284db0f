import Stripe from "stripe";
import type { Clock } from "../../context.js";
import { AppError } from "../../http/errors.js";
import type {
  PaymentProvider,
  ProviderContribution,
  ProviderEvent,
  ProviderMandate,
  RetryInput,
  StartFlowInput,
  StartGiftInput,
  StartedFlow,
  SubscriptionResult,
} from "./index.js";
import { isNetworkError, noSubscriptionToPause, WebhookSignatureError } from "./index.js";
import {
  describePaymentMethod,
  idOf,
  isStripeMethod,
  stripeMethods,
  giftPaymentEvent,
  isGiftIntent,
  stripeSetupTypes,
  toProviderEvent,
} from "./stripe-mapping.js";
import { storedReason, stripeFailureCategory } from "./failure-reasons.js";

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** ISO 4217 code of the organisation's currency. */
  currency: string;
  /** Where API requests go instead of api.stripe.com (a proxy or local stand-in). */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: "http" | "https" | undefined;
  clock: Clock;
}

/** Subscriptions in these states will not take payments again; a change starts a new one. */
const finishedSubscription = new Set<Stripe.Subscription.Status>(["canceled", "incomplete_expired"]);

/** SetupIntents that failed, were given up or were never confirmed; `processing` may still succeed. */
const unfinishedSetup = new Set<Stripe.SetupIntent.Status>([
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "canceled",
]);

/** Errors that mean the thing to release is already gone. */
const alreadyGone = new Set(["resource_missing", "payment_method_unexpected_state"]);

/**
 * Payments by card, SEPA and BACS Direct Debit, PayPal and iDEAL through
 * Stripe: a SetupIntent saves the payment method, a Subscription with a
 * price made for the amount collects it, and signed webhooks report invoices.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly id = "stripe" as const;
  readonly methods = stripeMethods;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly currency: string;
  private readonly clock: Clock;

  constructor(options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
      appInfo: { name: "Cohort" },
    });
    this.webhookSecret = options.webhookSecret;
    this.currency = options.currency.toLowerCase();
    this.clock = options.clock;
  }

  async startFlow(input: StartFlowInput): Promise<StartedFlow> {
    if (!isStripeMethod(input.paymentMethod)) {
      throw new Error(`Stripe does not take ${input.paymentMethod} payments`);
    }
    const customerId = await this.findOrCreateCustomer(input.email);
    const setupIntent = await this.stripe.setupIntents.create({
      customer: customerId,
      allowed_payment_method_types: [stripeSetupTypes[input.paymentMethod]],
      usage: "off_session",
      metadata: { flowId: input.flowId },
    });
    if (!setupIntent.client_secret) throw new Error("Stripe returned a setup intent without a client secret");
    return { providerFlowId: setupIntent.id, clientSecret: setupIntent.client_secret };
  }

  async completeFlow(providerFlowId: string): Promise<ProviderMandate> {
    const setupIntent = await this.stripe.setupIntents.retrieve(providerFlowId, { expand: ["latest_attempt"] });
    const customerId = idOf(setupIntent.customer);
    const paymentMethodId = this.savedPaymentMethodId(setupIntent);
    if (setupIntent.status !== "succeeded" || !customerId || !paymentMethodId) {
      throw new AppError("invalid-request", { status: 400, message: "The payment method was not set up." });
    }
    const paymentMethod = await this.stripe.paymentMethods.retrieve(paymentMethodId);
    await this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethod.id } });
    const { method, source } = describePaymentMethod(paymentMethod);
    return { customerId, mandateId: paymentMethod.id, paymentMethod: method, source };
  }

  async checkFlow(providerFlowId: string): Promise<void> {
    const setupIntent = await this.stripe.setupIntents.retrieve(providerFlowId);
    // A failed attempt puts the intent back to waiting for a payment method.
    if (!unfinishedSetup.has(setupIntent.status)) return;
    throw new AppError("invalid-request", { status: 400, message: "The payment method was not set up." });
  }

  /**
   * A gift is a PaymentIntent in payment mode: the browser confirms it with
   * Stripe.js (a card, or a wallet that pays by card), and the intent's
   * metadata names our flow so that its webhooks find the giver.
   */
  async startGift(input: StartGiftInput): Promise<StartedFlow> {
    if (input.paymentMethod !== "s_card") throw new Error(`Stripe gifts are paid by card, not ${input.paymentMethod}`);
    const customerId = await this.findOrCreateCustomer(input.email);
    const intent = await this.stripe.paymentIntents.create({
      amount: input.amountMinor,
      currency: input.currency.toLowerCase() || this.currency,
      customer: customerId,
      // Wallets (Apple Pay, Google Pay, Link) pay by card too.
      allowed_payment_method_types: ["card"],
      description: "Gift",
      metadata: { flowId: input.flowId, kind: "gift" },
    });
    if (!intent.client_secret) throw new Error("Stripe returned a payment intent without a client secret");
    return { providerFlowId: intent.id, clientSecret: intent.client_secret };
  }

  async readGift(providerFlowId: string): Promise<Extract<ProviderEvent, { kind: "payment" }>> {
    const intent = await this.stripe.paymentIntents.retrieve(providerFlowId);
    const event = isGiftIntent(intent) ? giftPaymentEvent(`complete:${intent.id}:${intent.status}`, intent) : null;
    if (!event || (event.status !== "successful" && event.status !== "pending")) {
      throw new AppError("invalid-request", { status: 400, message: "The payment was not made." });
    }
    return event;
  }

  async updateContribution(
    contribution: ProviderContribution,
    options: { prorate: boolean },
  ): Promise<SubscriptionResult> {
    const interval = contribution.period === "monthly" ? "month" : "year";
    const current = contribution.subscriptionId ? await this.findSubscription(contribution.subscriptionId) : null;
    const price = await this.stripe.prices.create({
      currency: contribution.currency.toLowerCase() || this.currency,
      unit_amount: contribution.amountMinor,
      recurring: { interval },
      product_data: { name: "Contribution" },
    });

    if (!current) {
      const subscription = await this.stripe.subscriptions.create({
        customer: contribution.customerId,
        items: [{ price: price.id }],
        default_payment_method: contribution.mandateId,
        off_session: true,
      });
      return { subscriptionId: subscription.id, startsNow: true, paidUntil: periodEnd(subscription) };
    }

    const item = current.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${current.id} has no items`);
    // A new interval restarts the billing cycle, so the new amount is charged at once.
    const intervalChanged = item.price.recurring?.interval !== interval;
    const subscription = await this.stripe.subscriptions.update(current.id, {
      items: [{ id: item.id, price: price.id }],
      default_payment_method: contribution.mandateId,
      proration_behavior: options.prorate ? "always_invoice" : "none",
    });
    return {
      subscriptionId: subscription.id,
      startsNow: options.prorate || intervalChanged,
      paidUntil: periodEnd(subscription),
    };
  }

  async cancelContribution(
    contribution: Pick<ProviderContribution, "customerId" | "mandateId" | "subscriptionId">,
  ): Promise<void> {
    if (contribution.subscriptionId) {
      const subscription = await this.findSubscription(contribution.subscriptionId);
      if (subscription) await ignoreGone(this.stripe.subscriptions.cancel(subscription.id));
    }
    if (contribution.mandateId) await ignoreGone(this.stripe.paymentMethods.detach(contribution.mandateId));
  }

  /** `pause_collection` voids the invoices due before `resumes_at`; Stripe lifts it by itself then. */
  async pauseContribution(
    contribution: Pick<ProviderContribution, "customerId" | "mandateId" | "subscriptionId">,
    pause: { months: number; resumesAt: Date },
  ): Promise<void> {
    const subscription = contribution.subscriptionId ? await this.findSubscription(contribution.subscriptionId) : null;
    if (!subscription) throw noSubscriptionToPause();
    await this.stripe.subscriptions.update(subscription.id, {
      pause_collection: { behavior: "void", resumes_at: Math.floor(pause.resumesAt.getTime() / 1000) },
    });
  }

  async resumeContribution(
    contribution: Pick<ProviderContribution, "customerId" | "mandateId" | "subscriptionId">,
  ): Promise<void> {
    const subscription = contribution.subscriptionId ? await this.findSubscription(contribution.subscriptionId) : null;
    if (!subscription?.pause_collection) return;
    await this.stripe.subscriptions.update(subscription.id, { pause_collection: "" });
  }

  async parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ProviderEvent[]> {
    const header = headers["stripe-signature"];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!signature) throw new WebhookSignatureError("The Stripe-Signature header is missing");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.webhookSecret,
        undefined,
        undefined,
        this.clock.now().getTime(),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new WebhookSignatureError(error.message);
      }
      // Signed, but the body cannot be read: Stripe would deliver the same bytes again, to the same answer.
      if (error instanceof SyntaxError) {
        throw new AppError("invalid-json", { status: 400, message: "The webhook body is not JSON" });
      }
      throw error instanceof Error ? error : new Error(String(error));
    }
    const shape = event as Partial<Stripe.Event> | null;
    if (typeof shape?.id !== "string" || typeof shape.type !== "string" || typeof shape.data?.object !== "object") {
      throw new AppError("invalid-request", { status: 400, message: "The webhook body is not a Stripe event" });
    }
    try {
      if (event.type === "charge.refunded") return [await this.refundEvent(event.id, event.data.object)];
      return [await this.withDeclineReason(toProviderEvent(event))];
    } catch (error) {
      if (isUnknownObject(error)) {
        return [{ kind: "ignored", eventId: event.id, type: event.type, problem: "Stripe does not know its object" }];
      }
      if (error instanceof TypeError) {
        return [{ kind: "ignored", eventId: event.id, type: event.type, problem: "The event's object is malformed" }];
      }
      throw error;
    }
  }

  /**
   * A failed invoice with the reason its payment was declined: the last error
   * of the payment intent that tried to pay it (the decline code, else the
   * error code), grouped into a category.
   */
  private async withDeclineReason(event: ProviderEvent): Promise<ProviderEvent> {
    if (event.kind !== "payment" || !event.failure) return event;
    const found = await this.stripe.invoicePayments.list({ invoice: event.providerPaymentId, limit: 10 });
    const intents = found.data.flatMap((entry) => {
      const intent = entry.payment.type === "payment_intent" ? idOf(entry.payment.payment_intent) : null;
      return intent ? [intent] : [];
    });
    const intent = intents.at(-1);
    if (!intent) return event;
    let error: Stripe.PaymentIntent.LastPaymentError | null;
    try {
      error = (await this.stripe.paymentIntents.retrieve(intent)).last_payment_error;
    } catch (failure) {
      // Without its payment intent the failure still counts, for a reason Stripe did not give.
      if (isUnknownObject(failure)) return event;
      throw failure;
    }
    const reason = error?.decline_code ?? error?.code ?? null;
    return {
      ...event,
      failure: { ...event.failure, reason: storedReason(reason), category: stripeFailureCategory(reason) },
    };
  }

  /** Pays the open invoice now with the customer's default payment method (just set up). */
  async retryPayment(input: RetryInput): Promise<void> {
    try {
      await this.stripe.invoices.pay(input.providerPaymentId, { payment_method: input.mandateId });
    } catch (error) {
      // Already paid, or declined again: the invoice's events say what happened.
      if (error instanceof Stripe.errors.StripeCardError) return;
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "invoice_already_paid") return;
      throw error;
    }
  }

  /** A refunded charge, as a refund of the invoice it paid (charges no longer name their invoice). */
  private async refundEvent(eventId: string, charge: Stripe.Charge): Promise<ProviderEvent> {
    const ignored: ProviderEvent = { kind: "ignored", eventId, type: "charge.refunded" };
    const paymentIntent = idOf(charge.payment_intent);
    if (!paymentIntent) return ignored;
    const found = await this.stripe.invoicePayments.list({
      payment: { type: "payment_intent", payment_intent: paymentIntent },
      limit: 1,
    });
    const invoiceId = idOf(found.data[0]?.invoice);
    // A gift's payment intent paid no invoice: the payment is known by the intent's id (decision 068).
    const providerPaymentId = invoiceId ?? (await this.giftIntentId(paymentIntent));
    if (!providerPaymentId) return { ...ignored, problem: `No invoice was paid by ${paymentIntent}` };
    return {
      kind: "payment-refunded",
      eventId,
      providerPaymentId,
      chargedMinor: charge.amount,
      refundedMinor: charge.amount_refunded,
    };
  }

  /** The payment intent's id when it is a gift's. */
  private async giftIntentId(paymentIntentId: string): Promise<string | null> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentIntentId);
    return isGiftIntent(intent) ? intent.id : null;
  }

  private async findOrCreateCustomer(email: string): Promise<string> {
    const existing = await this.stripe.customers.list({ email, limit: 1 });
    const found = existing.data[0];
    if (found) return found.id;
    const created = await this.stripe.customers.create({ email });
    return created.id;
  }

  /** The payment method future payments use: for iDEAL the SEPA Direct Debit method it generated. */
  private savedPaymentMethodId(setupIntent: Stripe.SetupIntent): string | null {
    const attempt = setupIntent.latest_attempt;
    if (attempt && typeof attempt !== "string") {
      const generated = attempt.payment_method_details?.ideal?.generated_sepa_debit;
      if (generated) return idOf(generated);
    }
    return idOf(setupIntent.payment_method);
  }

  /** The subscription, or null when Stripe no longer has it or it has ended. */
  private async findSubscription(subscriptionId: string): Promise<Stripe.Subscription | null> {
    try {
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
      return finishedSubscription.has(subscription.status) ? null : subscription;
    } catch (error) {
      if (isGone(error)) return null;
      throw error;
    }
  }
}

function periodEnd(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end) => end > 0);
  return ends.length > 0 ? new Date(Math.min(...ends) * 1000) : null;
}

/**
 * True when Stripe cannot be reached or says it is failing: connection errors
 * (after the SDK's own retry), 5xx answers and rate limits.
 */
export function isStripeUnavailable(error: unknown): boolean {
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeRateLimitError) {
    return true;
  }
  if (error instanceof Stripe.errors.StripeError) return (error.statusCode ?? 0) >= 500;
  return isNetworkError(error);
}

/** Stripe answers that an id it was asked about does not exist. */
function isUnknownObject(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && (error.statusCode === 404 || isGone(error));
}

function isGone(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.code !== undefined && alreadyGone.has(error.code);
}

async function ignoreGone(request: Promise<unknown>): Promise<void> {
  try {
    await request;
  } catch (error) {
    if (!isGone(error)) throw error;
  }
}
