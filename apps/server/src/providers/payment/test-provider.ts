import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { PaymentMethod } from "@cohort/common/payments";
import { paymentMethods, paymentStatuses } from "@cohort/common/payments";
import { paidUntil } from "@cohort/common/contributions";
import type { Clock } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { ContributionForm } from "../../db/schema/payments.js";
import { AppError } from "../../http/errors.js";
import { findProviderFlow } from "./test-queries.js";
import type {
  PaymentProvider,
  PaymentProviderId,
  ProviderContribution,
  ProviderEvent,
  ProviderMandate,
  StartFlowInput,
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
    isSettled: z.boolean().optional(),
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
  if (parsed.success) return parsed.data;
  const eventId = malformedEventId(entry, "eventId");
  return { kind: "ignored", eventId, type: "malformed", problem: "Not a test provider event" };
}

/** The flow row as the test provider reads it: the checkout's outcome sits in the form. */
interface TestFlow {
  id: string;
  contactId: string | null;
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
    const flow = await this.findFlow(providerFlowId);
    const outcome = flow?.form.testOutcome;
    if (!flow || (outcome !== "successful" && outcome !== "pending")) {
      throw new AppError("invalid-request", {
        status: 400,
        message: outcome === "failed" ? "The test payment failed" : "The test checkout was not finished",
      });
    }
    const method = flow.form.paymentMethod as PaymentMethod;
    const source = testSource(method, this.deps.clock.now());
    return {
      customerId: `test_cus_${flow.contactId ?? flow.id}`,
      mandateId: `${MANDATE_PREFIX}${flow.id}`,
      paymentMethod: source.method as PaymentMethod,
      source,
    };
  }

  async updateContribution(contribution: ProviderContribution): Promise<SubscriptionResult> {
    const now = this.deps.clock.now();
    const until = paidUntil(now, contribution.period);
    if (contribution.subscriptionId) {
      return { subscriptionId: contribution.subscriptionId, startsNow: true, paidUntil: until };
    }
    const subscriptionId = `test_sub_${this.deps.newId()}`;
    // A new subscription collects its first payment at once; a "pending" checkout leaves it pending.
    const flow = await this.findFlow(contribution.mandateId.slice(MANDATE_PREFIX.length));
    const status = flow?.form.testOutcome === "pending" ? "pending" : "successful";
    await this.deps.emit(this.id, {
      kind: "payment",
      eventId: `test_evt_${this.deps.newId()}`,
      providerPaymentId: `test_pay_${this.deps.newId()}`,
      customerId: contribution.customerId,
      subscriptionId,
      amountMinor: contribution.amountMinor,
      currency: contribution.currency,
      status,
      chargeDate: now,
      periodEnd: until,
    });
    return { subscriptionId, startsNow: true, paidUntil: until };
  }

  cancelContribution(): Promise<void> {
    return Promise.resolve();
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

  private async findFlow(providerFlowId: string): Promise<TestFlow | undefined> {
    return findProviderFlow(this.deps.db, this.id, providerFlowId);
  }
}
