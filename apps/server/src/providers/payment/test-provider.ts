import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { ContributionPeriod, PaymentMethod } from "@cohort/common/payments";
import { paymentMethods, paymentStatuses } from "@cohort/common/payments";
import { paidUntil } from "@cohort/common/contributions";
import { ONE_DAY } from "@cohort/common/time";
import type { Clock } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { ContributionForm } from "../../db/schema/payments.js";
import { AppError } from "../../http/errors.js";
import { prorationMinor, wholeMonthsBetween } from "./proration.js";
import { testFailureCategory } from "./failure-reasons.js";
import { findFailedPayment, findProviderFlow, findSubscriptionPayments } from "./test-queries.js";
import type {
  PaymentProvider,
  PaymentProviderId,
  ProviderContribution,
  ProviderEvent,
  ProviderMandate,
  RetryInput,
  StartFlowInput,
  StartGiftInput,
  StartedFlow,
  SubscriptionResult,
} from "./index.js";
import { WebhookSignatureError } from "./index.js";
import { malformedEventId } from "./malformed-event.js";

/** What the person chose on the test checkout page. */
export const testOutcomes = ["successful", "failed", "pending"] as const;
export type TestOutcome = (typeof testOutcomes)[number];

/**
 * Header of a test webhook: `sha256=` and the hex HMAC-SHA256 of the raw body
 * under `TEST_PAYMENTS_WEBHOOK_SECRET`.
 */
export const TEST_SIGNATURE_HEADER = "x-cohort-test-signature";

export interface TestProviderDependencies {
  db: Db;
  clock: Clock;
  newId: () => string;
  /** Public address of the site; the checkout page lives at `<appUrl>/test-checkout/<flowId>`. */
  appUrl: string;
  /** ISO 4217 code of the organisation's currency, for the gifts it collects. */
  currency: string;
  /** Secret that signs test webhooks; without it every test webhook is refused. */
  webhookSecret?: string | undefined;
  /** Applies events exactly as a verified webhook's events are applied. */
  emit: (provider: PaymentProviderId, event: ProviderEvent) => Promise<void>;
}

/** The signature header value for a test webhook body. */
export function signTestWebhook(secret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}

const date = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
/** Why a test payment failed: one of `testFailureReasons` (any other reason counts as `other`). */
const failureSchema = z.object({
  reason: z.string().max(100).nullable(),
  attempt: z.number().int().min(1).max(100).optional(),
  reportedAt: date.optional(),
});
const webhookEventSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("payment"),
    eventId: z.string().min(1),
    providerPaymentId: z.string().min(1),
    customerId: z.string(),
    subscriptionId: z.string().nullable(),
    amountMinor: z.number().int().min(0),
    currency: z.string().length(3),
    status: z.enum(paymentStatuses),
    chargeDate: date,
    periodEnd: date.nullable(),
    giftFlowId: z.string().max(200).optional(),
    isSettled: z.boolean().optional(),
    failure: failureSchema.optional(),
    nextAttemptAt: date.nullable().optional(),
  }),
  z.object({
    kind: z.literal("payment-refunded"),
    eventId: z.string().min(1),
    providerPaymentId: z.string().min(1),
    chargedMinor: z.number().int().min(0),
    refundedMinor: z.number().int().min(0),
  }),
  z.object({
    kind: z.literal("subscription-cancelled"),
    eventId: z.string().min(1),
    customerId: z.string(),
    subscriptionId: z.string(),
  }),
  z.object({
    kind: z.literal("mandate-cancelled"),
    eventId: z.string().min(1),
    customerId: z.string(),
    mandateId: z.string(),
  }),
]);
const webhookBodySchema = z.object({ events: z.array(z.unknown()).max(100) });

/**
 * One event of a test webhook; one that is not an event is ignored with its
 * problem (under its own id, or one derived from its content) and the others
 * still apply, as with GoCardless's batches.
 */
function readTestEvent(entry: unknown): ProviderEvent {
  const parsed = webhookEventSchema.safeParse(entry);
  const data = parsed.success ? parsed.data : undefined;
  if (data?.kind === "payment") {
    const { failure, ...event } = data;
    return {
      ...event,
      failure: failure && {
        reason: failure.reason,
        category: testFailureCategory(failure.reason),
        reportedAt: failure.reportedAt ?? event.chargeDate,
        attempt: failure.attempt,
      },
    };
  }
  if (data) return data;
  const eventId = malformedEventId(entry, "eventId");
  return { kind: "ignored", eventId, type: "malformed", problem: "Not a test provider event" };
}

/** A subscription of the test provider, as the payments it collected tell it. */
interface TestSubscription {
  period: ContributionPeriod;
  /** What it last collected for a period, fee included. */
  amountMinor: number;
  /** The end of the time its payments paid for. */
  paidUntil: Date;
}

/** The flow row as the test provider reads it: the checkout's outcome sits in the form. */
interface TestFlow {
  id: string;
  contactId: string | null;
  createdAt: Date;
  form: ContributionForm & { testOutcome?: TestOutcome };
}

const MANDATE_PREFIX = "test_mandate_";

/** What a completed test setup shows of the "account", shaped like the real providers' sources. */
function testSource(method: PaymentMethod, now: Date): Record<string, unknown> {
  switch (method) {
    case "s_card":
      return { method, isLink: false, last4: "4242", expiryMonth: 12, expiryYear: now.getUTCFullYear() + 3 };
    case "s_sepa":
    case "s_ideal":
      return { method: "s_sepa", country: "DE", bankCode: "37040044", branchCode: "", last4: "3000" };
    case "s_bacs":
      return { method, sortCode: "108800", last4: "2345" };
    case "s_paypal":
      return { method, payerEmail: "payer@example.org", payerId: "TESTPAYER" };
    case "gc_direct-debit":
      return { method, bankName: "Test Bank", accountHolderName: "Test Account", accountNumberEnding: "11" };
  }
}

/**
 * The built-in provider: a local checkout page instead of a bank. It keeps no
 * state of its own; the person's choice is stored on the payment flow row
 * (`form.testOutcome`), its ids are derived from our flow id, and the payments
 * it "collects" are events applied through the same path as real webhooks.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly id = "test" as const;
  readonly methods = paymentMethods;

  constructor(private readonly deps: TestProviderDependencies) {}

  startFlow(input: StartFlowInput): Promise<StartedFlow> {
    return Promise.resolve({
      providerFlowId: input.flowId,
      redirectUrl: `${this.deps.appUrl}/test-checkout/${input.flowId}`,
    });
  }

  async completeFlow(providerFlowId: string): Promise<ProviderMandate> {
    const flow = await this.finishedFlow(providerFlowId);
    const method = flow.form.paymentMethod as PaymentMethod;
    const source = testSource(method, this.deps.clock.now());
    return {
      customerId: `test_cus_${flow.contactId ?? flow.id}`,
      mandateId: `${MANDATE_PREFIX}${flow.id}`,
      paymentMethod: source.method as PaymentMethod,
      source,
    };
  }

  async checkFlow(providerFlowId: string): Promise<void> {
    await this.finishedFlow(providerFlowId);
  }

  /** A gift goes through the same checkout page as a set-up; the amount is in the flow's form. */
  startGift(input: StartGiftInput): Promise<StartedFlow> {
    return this.startFlow(input);
  }

  /**
   * The gift's payment as the checkout's outcome tells it: one payment per
   * flow (its id derives from the flow's), charged when the flow was started.
   */
  async readGift(providerFlowId: string): Promise<Extract<ProviderEvent, { kind: "payment" }>> {
    const flow = await this.finishedFlow(providerFlowId);
    const status = flow.form.testOutcome === "pending" ? "pending" : "successful";
    return {
      kind: "payment",
      eventId: `test_gift_${flow.id}_${status}`,
      providerPaymentId: `test_gift_${flow.id}`,
      customerId: `test_cus_${flow.id}`,
      subscriptionId: null,
      amountMinor: flow.form.amount,
      currency: this.deps.currency,
      status,
      chargeDate: flow.createdAt,
      periodEnd: null,
      giftFlowId: flow.id,
    };
  }

  /**
   * As Stripe does: a new subscription, or a new period (which restarts the
   * billing cycle), collects its first period at once. A change within the
   * same period keeps the cycle and what it has paid for: without `prorate` the
   * new amount waits for the next payment; with it the change starts now and
   * the difference for the whole months left is collected at once.
   */
  async updateContribution(
    contribution: ProviderContribution,
    options: { prorate: boolean },
  ): Promise<SubscriptionResult> {
    const now = this.deps.clock.now();
    const current = contribution.subscriptionId
      ? await this.findSubscription(contribution.subscriptionId, now)
      : undefined;
    if (!contribution.subscriptionId || !current || current.period !== contribution.period) {
      return this.startSubscription(contribution, now);
    }
    const subscriptionId = contribution.subscriptionId;
    if (!options.prorate) return { subscriptionId, startsNow: false, paidUntil: current.paidUntil };
    const oneOff = prorationMinor({
      oldAmountMinor: current.amountMinor,
      newAmountMinor: contribution.amountMinor,
      period: contribution.period,
      monthsLeft: wholeMonthsBetween(now, current.paidUntil),
    });
    if (oneOff > 0) {
      // A one-off payment, outside the subscription's cycle: it pays for the same period, not a new one.
      await this.collect(contribution, now, {
        subscriptionId: null,
        amountMinor: oneOff,
        status: "successful",
        periodEnd: current.paidUntil,
      });
    }
    return { subscriptionId, startsNow: true, paidUntil: current.paidUntil };
  }

  /** A new subscription that collects its first period now; a "pending" checkout leaves that payment pending. */
  private async startSubscription(contribution: ProviderContribution, now: Date): Promise<SubscriptionResult> {
    const until = paidUntil(now, contribution.period);
    const subscriptionId = `test_sub_${this.deps.newId()}`;
    const flow = await this.findFlow(contribution.mandateId.slice(MANDATE_PREFIX.length));
    const status = flow?.form.testOutcome === "pending" ? "pending" : "successful";
    await this.collect(contribution, now, {
      subscriptionId,
      amountMinor: contribution.amountMinor,
      status,
      periodEnd: until,
    });
    return { subscriptionId, startsNow: true, paidUntil: until };
  }

  /** Reports a payment through the same path as a verified webhook. */
  private async collect(
    contribution: ProviderContribution,
    now: Date,
    payment: { subscriptionId: string | null; amountMinor: number; status: "successful" | "pending"; periodEnd: Date },
  ): Promise<void> {
    await this.deps.emit(this.id, {
      kind: "payment",
      eventId: `test_evt_${this.deps.newId()}`,
      providerPaymentId: `test_pay_${this.deps.newId()}`,
      customerId: contribution.customerId,
      subscriptionId: payment.subscriptionId,
      amountMinor: payment.amountMinor,
      currency: contribution.currency,
      status: payment.status,
      chargeDate: now,
      periodEnd: payment.periodEnd,
    });
  }

  /**
   * A running subscription as the payments it collected tell it (the test
   * provider keeps no subscriptions of its own): the period its latest payment
   * covered, the amount of that payment and the end of the paid time. One whose
   * paid time is over, or that collected nothing, is not running.
   */
  private async findSubscription(subscriptionId: string, now: Date): Promise<TestSubscription | undefined> {
    const payments = (await findSubscriptionPayments(this.deps.db, this.id, subscriptionId)).flatMap((payload) => {
      const parsed = webhookEventSchema.safeParse(payload);
      return parsed.success && parsed.data.kind === "payment" && parsed.data.periodEnd
        ? [{ ...parsed.data, periodEnd: parsed.data.periodEnd }]
        : [];
    });
    const latest = payments.reduce<(typeof payments)[number] | undefined>(
      (found, payment) => (!found || payment.chargeDate > found.chargeDate ? payment : found),
      undefined,
    );
    if (!latest) return undefined;
    const until = new Date(Math.max(...payments.map((payment) => payment.periodEnd.getTime())));
    if (until <= now) return undefined;
    // A payment covering more than a month (and a day's leeway) paid for a year.
    const isAnnual = latest.periodEnd.getTime() > paidUntil(latest.chargeDate, "monthly").getTime() + ONE_DAY;
    return { period: isAnnual ? "annually" : "monthly", amountMinor: latest.amountMinor, paidUntil: until };
  }

  cancelContribution(): Promise<void> {
    return Promise.resolve();
  }

  /**
   * The test provider collects nothing between the payments Cohort asks it
   * for, so a pause has nothing to skip at the provider: Cohort's own record
   * of it is the pause, and the scheduled check ends it.
   */
  pauseContribution(): Promise<void> {
    return Promise.resolve();
  }

  resumeContribution(): Promise<void> {
    return Promise.resolve();
  }

  /** Collects a failed payment again at once, and it goes through: reported as its success, like a webhook. */
  async retryPayment(input: RetryInput): Promise<void> {
    const parsed = webhookEventSchema.safeParse(
      await findFailedPayment(this.deps.db, this.id, input.providerPaymentId),
    );
    if (!parsed.success || parsed.data.kind !== "payment") return;
    const failed = parsed.data;
    await this.deps.emit(this.id, {
      kind: "payment",
      eventId: `test_evt_${this.deps.newId()}`,
      providerPaymentId: failed.providerPaymentId,
      customerId: input.customerId,
      subscriptionId: failed.subscriptionId,
      amountMinor: failed.amountMinor,
      currency: failed.currency,
      status: "successful",
      chargeDate: this.deps.clock.now(),
      periodEnd: failed.periodEnd,
    });
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent[]> {
    const secret = this.deps.webhookSecret;
    const given = headers[TEST_SIGNATURE_HEADER];
    if (!secret || typeof given !== "string") return Promise.reject(new WebhookSignatureError());
    const expected = Buffer.from(signTestWebhook(secret, rawBody));
    const actual = Buffer.from(given);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      return Promise.reject(new WebhookSignatureError());
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString("utf8"));
    } catch {
      return Promise.reject(new AppError("invalid-json", { status: 400, message: "The webhook body is not JSON" }));
    }
    const parsed = webhookBodySchema.safeParse(body);
    if (!parsed.success) {
      return Promise.reject(new AppError("invalid-request", { status: 400, message: "Not a test webhook body" }));
    }
    return Promise.resolve(parsed.data.events.map(readTestEvent));
  }

  /** The flow whose checkout was paid (or left pending); a failed or unfinished one is a 400. */
  private async finishedFlow(providerFlowId: string): Promise<TestFlow> {
    const flow = await this.findFlow(providerFlowId);
    const outcome = flow?.form.testOutcome;
    if (!flow || (outcome !== "successful" && outcome !== "pending")) {
      throw new AppError("invalid-request", {
        status: 400,
        message: outcome === "failed" ? "The test payment failed" : "The test checkout was not finished",
      });
    }
    return flow;
  }

  private async findFlow(providerFlowId: string): Promise<TestFlow | undefined> {
    return findProviderFlow(this.deps.db, this.id, providerFlowId);
  }
}
