import type { PaymentMethod, PaymentStatus } from "@cohort/common/payments";
import type { FailureCategory } from "@cohort/common/recovery";
import { AppError } from "../../http/errors.js";

/**
 * Payment providers behind one interface: the built-in test provider (the
 * embedded default), Stripe and GoCardless. Services speak only to this; the
 * provider factory alone knows which one is in use for a payment method.
 * Amounts are minor units (cents) everywhere.
 */
export type PaymentProviderId = "test" | "stripe" | "gocardless";

/** What the provider holds for one person once a flow completes. */
export interface ProviderMandate {
  customerId: string;
  /** Mandate, card or payment-method id at the provider. */
  mandateId: string;
  paymentMethod: PaymentMethod;
  /** What the person sees: last digits, bank name … (the `paymentSource` of the wire). */
  source: Record<string, unknown>;
}

export interface ProviderContribution {
  customerId: string;
  mandateId: string;
  subscriptionId: string | null;
  /** Per period, fee included when the person pays it. */
  amountMinor: number;
  period: "monthly" | "annually";
  currency: string;
}

export interface StartFlowInput {
  /** Our payment flow id, for the return link and the test checkout. */
  flowId: string;
  email: string;
  paymentMethod: PaymentMethod;
  /** Where the provider sends the person back; it appends its flow id. */
  completeUrl: string;
}

export interface StartGiftInput {
  /** Our payment flow id, for the return link and the test checkout. */
  flowId: string;
  email: string;
  paymentMethod: PaymentMethod;
  /** What is given, in minor units of `currency`. */
  amountMinor: number;
  currency: string;
  /** Where the provider sends the person back; it appends its flow id. */
  completeUrl: string;
}

/** Where to send the person: a Stripe client secret or a redirect (GoCardless, test checkout). */
export type StartedFlow = { providerFlowId: string } & ({ clientSecret: string } | { redirectUrl: string });

export interface SubscriptionResult {
  subscriptionId: string;
  /** True when the new amount applies now; otherwise from the next period. */
  startsNow: boolean;
  /** Paid up to this moment, when the provider knows it (membership expiry = this + grace). */
  paidUntil: Date | null;
}

/** A provider's notification, verified and turned into what Cohort cares about. */
export type ProviderEvent =
  | {
      kind: "payment";
      eventId: string;
      providerPaymentId: string;
      customerId: string;
      subscriptionId: string | null;
      amountMinor: number;
      currency: string;
      status: PaymentStatus;
      chargeDate: Date;
      /** The end of the period this payment covers, when it is known. */
      periodEnd: Date | null;
      /** Set for a one-time gift: our payment flow id, which names the giver (decision 068). */
      giftFlowId?: string;
      /**
       * The status is the provider's settled view of the payment, read from its
       * API: a failed or cancelled status then replaces a successful one (a
       * chargeback or a late failure). Otherwise statuses only move forward.
       */
      isSettled?: boolean;
      /** Why a failed attempt failed, as the provider said (decision 066). */
      failure?: PaymentFailure | undefined;
      /** When the provider will try to collect it again, when it has said (a retry schedule). */
      nextAttemptAt?: Date | null | undefined;
    }
  | {
      /** Money given back on a payment; amounts are cumulative, so repeats and reordering are harmless. */
      kind: "payment-refunded";
      eventId: string;
      providerPaymentId: string;
      /** What was charged, in minor units. */
      chargedMinor: number;
      /** All that has been refunded so far, in minor units. */
      refundedMinor: number;
    }
  | { kind: "subscription-cancelled"; eventId: string; customerId: string; subscriptionId: string }
  | { kind: "mandate-cancelled"; eventId: string; customerId: string; mandateId: string }
  | {
      kind: "ignored";
      eventId: string;
      type: string;
      /**
       * Why an event Cohort would act on cannot be used (malformed, or about a
       * payment the provider does not know). It is recorded once and logged,
       * and the rest of its webhook is still applied.
       */
      problem?: string;
    };

/** One failed attempt to collect a payment. */
export interface PaymentFailure {
  /** The provider's decline code or failure cause, when it gave one. */
  reason: string | null;
  category: FailureCategory;
  /** When the provider reported it; the latest report's reason is the one kept. */
  reportedAt: Date;
  /** Which attempt this was (1 for the first), when the provider counts them. */
  attempt?: number | undefined;
}

/** What a provider needs to collect a failed payment again. */
export interface RetryInput {
  providerPaymentId: string;
  customerId: string;
  mandateId: string;
}

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** The methods this provider takes payments by. */
  readonly methods: readonly PaymentMethod[];
  startFlow(input: StartFlowInput): Promise<StartedFlow>;
  /** Completes a flow by the provider's flow id; fails if the person did not finish it. */
  completeFlow(providerFlowId: string): Promise<ProviderMandate>;
  /**
   * Reads, without completing or changing it, whether a flow can still come to
   * anything: throws the provider's refusal (as `completeFlow` would) when its
   * payment failed or the person did not finish it. A set-up the provider is
   * still confirming passes; completing the flow decides later.
   */
  checkFlow(providerFlowId: string): Promise<void>;
  /**
   * Starts a one-off payment (a gift): a PaymentIntent in payment mode at
   * Stripe, the checkout page for the test provider. Methods that only set
   * up debits are refused before this is called.
   */
  startGift(input: StartGiftInput): Promise<StartedFlow>;
  /**
   * Reads a gift's payment as a payment event (by the provider's flow id),
   * without changing it: throws the provider's 400 when the person did not
   * pay, or the payment failed.
   */
  readGift(providerFlowId: string): Promise<Extract<ProviderEvent, { kind: "payment" }>>;
  /** Creates or changes the subscription for a contribution. */
  updateContribution(contribution: ProviderContribution, options: { prorate: boolean }): Promise<SubscriptionResult>;
  /** Stops future payments and releases the mandate. */
  cancelContribution(
    contribution: Pick<ProviderContribution, "customerId" | "mandateId" | "subscriptionId">,
  ): Promise<void>;
  /**
   * Skips the next `months` monthly payments (decision 067): the provider
   * collects again by itself from `resumesAt`.
   */
  pauseContribution(
    contribution: Pick<ProviderContribution, "customerId" | "mandateId" | "subscriptionId">,
    pause: { months: number; resumesAt: Date },
  ): Promise<void>;
  /** Makes sure a paused subscription collects again; harmless when it already does. */
  resumeContribution(
    contribution: Pick<ProviderContribution, "customerId" | "mandateId" | "subscriptionId">,
  ): Promise<void>;
  /** Verifies a webhook's signature and reads its events; throws `WebhookSignatureError` when it is not genuine. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent[]>;
  /**
   * Asks the provider to collect a failed payment again now, with the payment
   * method just set up; the outcome arrives as an event like any other.
   */
  retryPayment(input: RetryInput): Promise<void>;
}

/**
 * The provider's API cannot be reached or answers that it is failing
 * (connection refused or reset, time-outs, 5xx, rate limits). It becomes a
 * 503 `payment-provider-unavailable`; for a webhook the provider then delivers
 * it again later.
 */
export class ProviderUnavailableError extends AppError {
  constructor(
    readonly provider: PaymentProviderId,
    options: { cause: unknown },
  ) {
    super("payment-provider-unavailable", {
      status: 503,
      message: "The payment provider cannot be reached just now. Please try again in a few minutes.",
    });
    this.name = "ProviderUnavailableError";
    this.cause = options.cause;
  }
}

/** Network failures of Node's sockets that mean the other side cannot be reached just now. */
const unreachableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ESOCKETTIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ECONNABORTED",
]);

/** True for an error of Node's network layer (also when an HTTP client wraps it with the same code). */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && unreachableCodes.has(code)) return true;
  return error.cause !== undefined && error.cause !== error && isNetworkError(error.cause);
}

/**
 * Wraps a provider so that every call that fails because its API is
 * unavailable (as `isUnavailable` tells) throws `ProviderUnavailableError`.
 */
export function guardUpstream(provider: PaymentProvider, isUnavailable: (error: unknown) => boolean): PaymentProvider {
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        if (isUnavailable(error)) throw new ProviderUnavailableError(provider.id, { cause: error });
        throw error;
      }
    };
  return {
    id: provider.id,
    methods: provider.methods,
    startFlow: guard(provider.startFlow.bind(provider)),
    completeFlow: guard(provider.completeFlow.bind(provider)),
    checkFlow: guard(provider.checkFlow.bind(provider)),
    startGift: guard(provider.startGift.bind(provider)),
    readGift: guard(provider.readGift.bind(provider)),
    updateContribution: guard(provider.updateContribution.bind(provider)),
    cancelContribution: guard(provider.cancelContribution.bind(provider)),
    pauseContribution: guard(provider.pauseContribution.bind(provider)),
    resumeContribution: guard(provider.resumeContribution.bind(provider)),
    parseWebhook: guard(provider.parseWebhook.bind(provider)),
    retryPayment: guard(provider.retryPayment.bind(provider)),
  };
}

/** A pause asked of a provider whose subscription is not running. */
export function noSubscriptionToPause(): AppError {
  return new AppError("cant-update-contribution", {
    status: 400,
    message: "There is no running subscription to pause",
    subCode: "pause-not-offered",
  });
}

export class WebhookSignatureError extends Error {
  constructor(message = "The webhook signature is not valid") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}
