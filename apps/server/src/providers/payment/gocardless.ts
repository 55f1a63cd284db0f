import {
  Environments,
  GoCardlessClient,
  GoCardlessInternalError,
  InvalidApiUsageError,
  MalformedResponseError,
  RateLimitError,
} from "gocardless-nodejs";
import type { Subscription } from "gocardless-nodejs/types/Types";
import type { ContributionPeriod, PaymentMethod } from "@cohort/common/payments";
import { addMonths } from "@cohort/common/contributions";
import type { Clock } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { routedAgents } from "./gocardless-agent.js";
import {
  endedMandateActions,
  formatGoCardlessDate,
  mapGoCardlessPaymentStatus,
  parseGoCardlessDate,
  readGoCardlessEvents,
  verifyGoCardlessSignature,
  type GoCardlessEvent,
  type GoCardlessWebhookItem,
} from "./gocardless-webhook.js";
import type {
  PaymentProvider,
  ProviderContribution,
  ProviderEvent,
  ProviderMandate,
  RetryInput,
  StartFlowInput,
  StartedFlow,
  SubscriptionResult,
} from "./index.js";
import { isNetworkError, noSubscriptionToPause } from "./index.js";
import { goCardlessFailureCategory, storedReason } from "./failure-reasons.js";
import { prorationMinor, wholeMonthsBetween } from "./proration.js";

export { wholeMonthsBetween } from "./proration.js";

/**
 * True when GoCardless cannot be reached or says it is failing: network
 * errors and time-outs of its HTTP client, 5xx answers (also when they are not
 * GoCardless's JSON, as from a proxy in between) and rate limits.
 */
export function isGoCardlessUnavailable(error: unknown): boolean {
  if (error instanceof GoCardlessInternalError || error instanceof RateLimitError) return true;
  if (error instanceof MalformedResponseError) return (error.statusCode ?? 500) >= 500;
  return isNetworkError(error) || (error instanceof Error && ["RequestError", "TimeoutError"].includes(error.name));
}

/** GoCardless answers that the resource does not exist (a 404 about an id it does not know). */
function isUnknownResource(error: unknown): boolean {
  if (!(error instanceof InvalidApiUsageError)) return false;
  const reasons = (error.errors ?? []).map((entry) => (entry as { reason?: string }).reason);
  return reasons.includes("resource_not_found") || Number(error.code) === 404;
}

export interface GoCardlessOptions {
  accessToken: string;
  webhookSecret: string;
  environment: "sandbox" | "live";
  /** The organisation's currency (ISO 4217), used for new mandates. */
  currency: string;
  clock: Clock;
  /** Send API requests to this address instead of GoCardless (a local stand-in or proxy). */
  baseUrl?: string | undefined;
}

/** Subscriptions in these states take no more payments and cannot be cancelled again. */
const endedSubscriptionStatuses: readonly string[] = ["cancelled", "finished", "customer_approval_denied"];

const intervalUnits = { monthly: "monthly", annually: "yearly" } as const;

/**
 * Direct debit through GoCardless: a Billing Request Flow sets up the mandate,
 * subscriptions take the contribution, a one-off payment covers a prorated
 * increase, and webhooks report payments and cancellations.
 */
const noGifts = () => new AppError("invalid-request", { status: 400, message: "Gifts cannot be paid by direct debit" });

export class GoCardlessPaymentProvider implements PaymentProvider {
  readonly id = "gocardless" as const;
  readonly methods: readonly PaymentMethod[] = ["gc_direct-debit"];
  private readonly client: GoCardlessClient;
  private readonly webhookSecret: string;
  private readonly currency: string;
  private readonly clock: Clock;

  constructor(options: GoCardlessOptions) {
    const environment = options.environment === "live" ? Environments.Live : Environments.Sandbox;
    this.client = new GoCardlessClient(
      options.accessToken,
      environment,
      options.baseUrl ? { proxy: routedAgents(options.baseUrl) } : {},
    );
    this.webhookSecret = options.webhookSecret;
    this.currency = options.currency.toUpperCase();
    this.clock = options.clock;
  }

  async startFlow(input: StartFlowInput): Promise<StartedFlow> {
    const billingRequest = await this.client.billingRequests.create({
      mandate_request: { currency: this.currency },
      metadata: { flow_id: input.flowId },
    });
    // The person comes back with the id in `redirect_flow_id`, as with the older redirect flows.
    const returnUrl = new URL(input.completeUrl);
    returnUrl.searchParams.set("redirect_flow_id", billingRequest.id);
    const flow = await this.client.billingRequestFlows.create({
      links: { billing_request: billingRequest.id },
      redirect_uri: returnUrl.toString(),
      exit_uri: input.completeUrl,
      prefilled_customer: { email: input.email },
      lock_currency: true,
    });
    if (!flow.authorisation_url) throw new Error("GoCardless returned no authorisation URL");
    return { providerFlowId: billingRequest.id, redirectUrl: flow.authorisation_url };
  }

  /** Gifts are paid by card (decision 068): a direct debit mandate is for recurring payments. */
  startGift(): Promise<StartedFlow> {
    return Promise.reject(noGifts());
  }

  readGift(): Promise<Extract<ProviderEvent, { kind: "payment" }>> {
    return Promise.reject(noGifts());
  }

  async completeFlow(providerFlowId: string): Promise<ProviderMandate> {
    const billingRequest = await this.client.billingRequests.find(providerFlowId);
    const links = billingRequest.links ?? {};
    if (billingRequest.status !== "fulfilled" || !links.customer || !links.mandate_request_mandate) {
      throw new AppError("invalid-request", { status: 400, message: "The direct debit was not set up." });
    }
    const mandate = await this.client.mandates.find(links.mandate_request_mandate);
    const bankAccountId = links.customer_bank_account ?? mandate.links?.customer_bank_account;
    const bankAccount = bankAccountId ? await this.client.customerBankAccounts.find(bankAccountId) : null;
    return {
      customerId: links.customer,
      mandateId: links.mandate_request_mandate,
      paymentMethod: "gc_direct-debit",
      source: {
        method: "gc_direct-debit",
        bankName: bankAccount?.bank_name ?? "",
        accountHolderName: bankAccount?.account_holder_name ?? "",
        accountNumberEnding: bankAccount?.account_number_ending ?? "",
      },
    };
  }

  async checkFlow(providerFlowId: string): Promise<void> {
    const billingRequest = await this.client.billingRequests.find(providerFlowId);
    // GoCardless sends the person back with the id only once they finished; fulfilling may still be under way.
    if (billingRequest.status !== "cancelled" && billingRequest.status !== "pending") return;
    throw new AppError("invalid-request", { status: 400, message: "The direct debit was not set up." });
  }

  async updateContribution(
    contribution: ProviderContribution,
    options: { prorate: boolean },
  ): Promise<SubscriptionResult> {
    const existing = contribution.subscriptionId
      ? await this.client.subscriptions.find(contribution.subscriptionId)
      : null;
    const intervalUnit = intervalUnits[contribution.period];
    if (existing?.id && existing.status === "active" && existing.interval_unit === intervalUnit) {
      return this.changeAmount(existing.id, existing, contribution, options.prorate);
    }
    // Another period (or an ended subscription): start again, from the next charge date of the old one if known.
    const nextCharge = existing?.status === "active" ? nextChargeDate(existing) : null;
    if (existing?.id && !endedSubscriptionStatuses.includes(existing.status ?? "")) {
      await this.client.subscriptions.cancel(existing.id, {});
    }
    const now = this.clock.now();
    const created = await this.client.subscriptions.create({
      amount: contribution.amountMinor,
      currency: contribution.currency.toUpperCase(),
      interval_unit: intervalUnit,
      links: { mandate: contribution.mandateId },
      ...(nextCharge && nextCharge > now ? { start_date: formatGoCardlessDate(nextCharge) } : {}),
    });
    if (!created.id) throw new Error("GoCardless returned a subscription without an id");
    return { subscriptionId: created.id, startsNow: true, paidUntil: paidUntilOf(created, contribution.period) };
  }

  private async changeAmount(
    subscriptionId: string,
    existing: Subscription,
    contribution: ProviderContribution,
    prorate: boolean,
  ): Promise<SubscriptionResult> {
    const oldAmount = existing.amount ?? 0;
    const newAmount = contribution.amountMinor;
    const updated =
      oldAmount === newAmount
        ? existing
        : await this.client.subscriptions.update(subscriptionId, { amount: newAmount });
    const nextCharge = nextChargeDate(updated);
    let startsNow = newAmount === oldAmount;
    if (prorate && newAmount > oldAmount) {
      startsNow = true;
      const monthsLeft = nextCharge ? wholeMonthsBetween(this.clock.now(), nextCharge) : 0;
      const oneOff = prorationMinor({
        oldAmountMinor: oldAmount,
        newAmountMinor: newAmount,
        period: contribution.period,
        monthsLeft,
      });
      if (oneOff > 0) {
        await this.client.payments.create({
          amount: oneOff,
          currency: paymentCurrency(contribution.currency),
          description: "Contribution increase for the rest of the period",
          links: { mandate: contribution.mandateId },
        });
      }
    }
    return { subscriptionId, startsNow, paidUntil: paidUntilOf(updated, contribution.period) };
  }

  async cancelContribution(
    contribution: Pick<ProviderContribution, "customerId" | "mandateId" | "subscriptionId">,
  ): Promise<void> {
    if (contribution.subscriptionId) {
      const subscription = await this.client.subscriptions.find(contribution.subscriptionId);
      if (!endedSubscriptionStatuses.includes(subscription.status ?? "")) {
        await this.client.subscriptions.cancel(contribution.subscriptionId, {});
      }
    }
    const mandate = await this.client.mandates.find(contribution.mandateId);
    if (!["cancelled", "failed", "expired", "consumed", "blocked"].includes(mandate.status ?? "")) {
      await this.client.mandates.cancel(contribution.mandateId, {});
    }
  }

  /** GoCardless skips `pause_cycles` charges of an active subscription and resumes it by itself. */
  async pauseContribution(
    contribution: Pick<ProviderContribution, "customerId" | "mandateId" | "subscriptionId">,
    pause: { months: number; resumesAt: Date },
  ): Promise<void> {
    const subscription = contribution.subscriptionId
      ? await this.client.subscriptions.find(contribution.subscriptionId)
      : null;
    if (!subscription?.id || subscription.status !== "active") throw noSubscriptionToPause();
    await this.client.subscriptions.pause(subscription.id, { pause_cycles: pause.months });
  }

  async resumeContribution(
    contribution: Pick<ProviderContribution, "customerId" | "mandateId" | "subscriptionId">,
  ): Promise<void> {
    if (!contribution.subscriptionId) return;
    const subscription = await this.client.subscriptions.find(contribution.subscriptionId);
    if (subscription.status === "paused") await this.client.subscriptions.resume(contribution.subscriptionId, {});
  }

  async parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ProviderEvent[]> {
    verifyGoCardlessSignature(rawBody, headers, this.webhookSecret);
    const events: ProviderEvent[] = [];
    for (const item of readGoCardlessEvents(rawBody)) events.push(await this.readItem(item));
    return events;
  }

  /**
   * One event of a batch. A malformed event, or one about a resource
   * GoCardless does not know, is ignored with its problem so that the rest of
   * the batch still applies; an unreachable API fails the whole delivery, which
   * GoCardless then repeats (events applied before are recognised).
   */
  private async readItem(item: GoCardlessWebhookItem): Promise<ProviderEvent> {
    if (!item.event) return { kind: "ignored", eventId: item.fallbackId, type: "malformed", problem: item.problem };
    const { event } = item;
    try {
      return await this.readEvent(event);
    } catch (error) {
      if (!isUnknownResource(error)) throw error;
      return {
        kind: "ignored",
        eventId: event.id,
        type: `${event.resource_type}.${event.action}`,
        problem: `GoCardless does not know what the event is about (${Object.values(event.links).join(", ")})`,
      };
    }
  }

  private async readEvent(event: GoCardlessEvent): Promise<ProviderEvent> {
    const ignored: ProviderEvent = {
      kind: "ignored",
      eventId: event.id,
      type: `${event.resource_type}.${event.action}`,
    };
    const { links } = event;
    if (event.resource_type === "payments" && links.payment) {
      const payment = await this.readPayment(event.id, links.payment);
      return payment ? withFailure(payment, event) : ignored;
    }
    if (event.resource_type === "refunds" && links.payment) {
      return (await this.readRefund(event.id, links.payment)) ?? ignored;
    }
    if (event.resource_type === "subscriptions" && event.action === "cancelled" && links.subscription) {
      const subscription = await this.client.subscriptions.find(links.subscription);
      const customerId = links.customer ?? (await this.customerOfMandate(subscription.links?.mandate));
      if (!customerId) return ignored;
      return { kind: "subscription-cancelled", eventId: event.id, customerId, subscriptionId: links.subscription };
    }
    if (event.resource_type === "mandates" && endedMandateActions.includes(event.action) && links.mandate) {
      const customerId = links.customer ?? (await this.customerOfMandate(links.mandate));
      if (!customerId) return ignored;
      return { kind: "mandate-cancelled", eventId: event.id, customerId, mandateId: links.mandate };
    }
    return ignored;
  }

  /** The payment as it stands now, so late or repeated events report its latest state. */
  private async readPayment(eventId: string, paymentId: string): Promise<ProviderEvent | null> {
    const payment = await this.client.payments.find(paymentId);
    const status = mapGoCardlessPaymentStatus(payment.status);
    const customerId = await this.customerOfMandate(payment.links?.mandate);
    if (!status || !customerId || !payment.charge_date) return null;
    const chargeDate = parseGoCardlessDate(payment.charge_date);
    const subscriptionId = payment.links?.subscription ?? null;
    let periodEnd: Date | null = null;
    if (subscriptionId) {
      const subscription = await this.client.subscriptions.find(subscriptionId);
      const months = (subscription.interval ?? 1) * (subscription.interval_unit === "yearly" ? 12 : 1);
      periodEnd = subscription.interval_unit === "weekly" ? null : addMonths(chargeDate, months);
    }
    return {
      kind: "payment",
      eventId,
      providerPaymentId: paymentId,
      customerId,
      subscriptionId,
      amountMinor: payment.amount ?? 0,
      currency: payment.currency ?? this.currency,
      status,
      chargeDate,
      periodEnd,
      // Read from the API just now: a failure or chargeback is where the payment has settled.
      isSettled: status === "failed" || status === "cancelled",
    };
  }

  /** Submits a failed payment again (GoCardless collects it a few working days later). */
  async retryPayment(input: RetryInput): Promise<void> {
    const payment = await this.client.payments.find(input.providerPaymentId);
    if (payment.status !== "failed") return;
    await this.client.payments.retry(input.providerPaymentId, {});
  }

  /** A refund of a payment, with the payment's running total of refunds. */
  private async readRefund(eventId: string, paymentId: string): Promise<ProviderEvent | null> {
    const payment = await this.client.payments.find(paymentId);
    if (payment.amount === undefined || payment.amount_refunded === undefined) return null;
    return {
      kind: "payment-refunded",
      eventId,
      providerPaymentId: paymentId,
      chargedMinor: Number(payment.amount),
      refundedMinor: Number(payment.amount_refunded),
    };
  }

  private async customerOfMandate(mandateId: string | undefined): Promise<string | null> {
    if (!mandateId) return null;
    const mandate = await this.client.mandates.find(mandateId);
    return mandate.links?.customer ?? null;
  }
}

/**
 * A payment event with what GoCardless said about a failure (its cause) or a
 * retry (a resubmitted payment is collected on its new charge date).
 */
function withFailure(payment: ProviderEvent, event: GoCardlessEvent): ProviderEvent {
  if (payment.kind !== "payment") return payment;
  const reportedAt =
    event.created_at && !Number.isNaN(Date.parse(event.created_at)) ? new Date(event.created_at) : payment.chargeDate;
  if (event.action === "failed") {
    const cause = event.details?.cause ?? null;
    return {
      ...payment,
      failure: { reason: storedReason(cause), category: goCardlessFailureCategory(cause), reportedAt },
    };
  }
  if (event.action === "resubmission_requested") return { ...payment, nextAttemptAt: payment.chargeDate };
  return payment;
}

const paymentCurrencies = ["AUD", "CAD", "DKK", "EUR", "GBP", "NZD", "SEK", "USD"] as const;

/** GoCardless collects in a fixed list of currencies. */
function paymentCurrency(code: string): (typeof paymentCurrencies)[number] {
  const upper = code.toUpperCase();
  const found = paymentCurrencies.find((currency) => currency === upper);
  if (!found) throw new Error(`GoCardless does not collect payments in ${code}`);
  return found;
}

function nextChargeDate(subscription: Subscription): Date | null {
  const first = subscription.upcoming_payments?.[0]?.charge_date;
  return first ? parseGoCardlessDate(first) : null;
}

/** Paid up to the next charge; without one, a period from the start date. */
function paidUntilOf(subscription: Subscription, period: ContributionPeriod): Date | null {
  const next = nextChargeDate(subscription);
  if (next) return next;
  if (!subscription.start_date) return null;
  return addMonths(parseGoCardlessDate(subscription.start_date), period === "annually" ? 12 : 1);
}
