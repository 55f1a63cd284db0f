import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../src/http/errors.js";
import { WebhookSignatureError, type ProviderContribution } from "../src/providers/payment/index.js";
import { StripePaymentProvider } from "../src/providers/payment/stripe.js";
import { startStripeStandIn, type StandInObject, type StripeStandIn } from "@cohort/stand-ins/stripe";

const WEBHOOK_SECRET = "whsec_standin_signing_secret";
const DAY = 86_400_000;

let stripe: StripeStandIn;
/** A movable clock; the provider needs nothing else, so no app or database is started. */
const clock = {
  current: new Date("2026-03-01T10:00:00Z").getTime(),
  now: () => new Date(clock.current),
  advance: (ms: number) => {
    clock.current += ms;
  },
};
let provider: StripePaymentProvider;

beforeAll(async () => {
  stripe = await startStripeStandIn({ now: clock.now });
  provider = makeProvider(stripe.secretKey);
});

afterAll(async () => {
  await stripe.close();
});

function makeProvider(secretKey: string) {
  return new StripePaymentProvider({
    secretKey,
    webhookSecret: WEBHOOK_SECRET,
    currency: "EUR",
    host: stripe.host,
    port: stripe.port,
    protocol: stripe.protocol,
    clock,
  });
}

let emails = 0;
const nextEmail = () => `member${++emails}@example.org`;

/** Runs a whole setup: start, confirm at the stand-in as Stripe.js would, complete. */
async function setUp(kind: "card" | "sepa_debit" | "bacs_debit" | "paypal", details?: Record<string, unknown>) {
  const method = ({ card: "s_card", sepa_debit: "s_sepa", bacs_debit: "s_bacs", paypal: "s_paypal" } as const)[kind];
  const started = await provider.startFlow({
    flowId: "flow-1",
    email: nextEmail(),
    paymentMethod: method,
    completeUrl: "https://cohort.example/complete",
  });
  const paymentMethod = stripe.addPaymentMethod(kind, details);
  stripe.succeedSetupIntent(started.providerFlowId, paymentMethod.id);
  return provider.completeFlow(started.providerFlowId);
}

async function contributionFor(amountMinor: number, period: "monthly" | "annually"): Promise<ProviderContribution> {
  const mandate = await setUp("card");
  return {
    customerId: mandate.customerId,
    mandateId: mandate.mandateId,
    subscriptionId: null,
    amountMinor,
    period,
    currency: "EUR",
  };
}

const itemOf = (subscriptionId: string) =>
  (stripe.subscriptions.get(subscriptionId)?.items as { data: Record<string, unknown>[] }).data[0] as Record<
    string,
    unknown
  > & { price: StandInObject; current_period_end: number };

describe("Stripe payment flows", () => {
  it("starts a card setup for a reused customer and completes it into a card source", async () => {
    const email = nextEmail();
    const input = {
      flowId: "flow-2",
      email,
      paymentMethod: "s_card" as const,
      completeUrl: "https://cohort.example/c",
    };
    const first = await provider.startFlow(input);
    const second = await provider.startFlow(input);

    expect(first).toEqual({
      providerFlowId: expect.stringMatching(/^seti_/),
      clientSecret: expect.stringContaining("_secret_"),
    });
    const intent = stripe.setupIntents.get(first.providerFlowId);
    expect(intent).toMatchObject({ allowed_payment_method_types: ["card"], usage: "off_session" });
    expect(stripe.setupIntents.get(second.providerFlowId)?.customer).toBe(intent?.customer);
    expect([...stripe.customers.values()].filter((customer) => customer.email === email)).toHaveLength(1);

    await expect(provider.completeFlow(first.providerFlowId)).rejects.toBeInstanceOf(AppError);

    const card = stripe.addPaymentMethod("card", { last4: "1881", exp_month: 7, exp_year: 2031 });
    stripe.succeedSetupIntent(first.providerFlowId, card.id);
    const mandate = await provider.completeFlow(first.providerFlowId);

    expect(mandate).toEqual({
      customerId: intent?.customer,
      mandateId: card.id,
      paymentMethod: "s_card",
      source: { method: "s_card", isLink: false, last4: "1881", expiryMonth: 7, expiryYear: 2031 },
    });
    const customer = stripe.customers.get(mandate.customerId);
    expect(customer?.invoice_settings).toEqual({ default_payment_method: card.id });
  });

  it("describes SEPA, BACS and PayPal payment methods as the reference does", async () => {
    expect((await setUp("sepa_debit")).source).toEqual({
      method: "s_sepa",
      country: "DE",
      bankCode: "37040044",
      branchCode: "",
      last4: "3000",
    });
    expect(await setUp("bacs_debit")).toMatchObject({
      paymentMethod: "s_bacs",
      source: { method: "s_bacs", sortCode: "108800", last4: "2345" },
    });
    expect(await setUp("paypal")).toMatchObject({
      paymentMethod: "s_paypal",
      source: { method: "s_paypal", payerEmail: "payer@example.org", payerId: "PAYERID42" },
    });
    const types = [...stripe.setupIntents.values()].slice(-3).map((intent) => intent.allowed_payment_method_types);
    expect(types).toEqual([["sepa_debit"], ["bacs_debit"], ["paypal"]]);
  });

  it("keeps the SEPA Direct Debit method an iDEAL setup generates", async () => {
    const started = await provider.startFlow({
      flowId: "flow-3",
      email: nextEmail(),
      paymentMethod: "s_ideal",
      completeUrl: "https://cohort.example/c",
    });
    expect(stripe.setupIntents.get(started.providerFlowId)?.allowed_payment_method_types).toEqual(["ideal"]);
    const ideal = stripe.addPaymentMethod("ideal");
    const sepa = stripe.addPaymentMethod("sepa_debit", { country: "NL", bank_code: "INGB", last4: "5264" });
    stripe.succeedSetupIntent(started.providerFlowId, ideal.id, sepa.id);

    const mandate = await provider.completeFlow(started.providerFlowId);
    expect(mandate).toMatchObject({
      mandateId: sepa.id,
      paymentMethod: "s_sepa",
      source: { country: "NL", last4: "5264" },
    });
  });
});

describe("Stripe subscriptions", () => {
  it("creates a subscription with a price made for the amount", async () => {
    const contribution = await contributionFor(500, "monthly");
    const result = await provider.updateContribution(contribution, { prorate: false });

    const subscription = stripe.subscriptions.get(result.subscriptionId);
    expect(subscription).toMatchObject({
      customer: contribution.customerId,
      default_payment_method: contribution.mandateId,
    });
    const item = itemOf(result.subscriptionId);
    expect(item.price).toMatchObject({ unit_amount: 500, currency: "eur", recurring: { interval: "month" } });
    expect(item.price.product_name).toBe("Contribution");
    expect(result).toEqual({
      subscriptionId: result.subscriptionId,
      startsNow: true,
      paidUntil: new Date(item.current_period_end * 1000),
    });
  });

  it("changes the amount from the next period without proration", async () => {
    const contribution = await contributionFor(500, "monthly");
    const created = await provider.updateContribution(contribution, { prorate: false });
    const invoicesBefore = stripe.invoices.size;

    const changed = await provider.updateContribution(
      { ...contribution, subscriptionId: created.subscriptionId, amountMinor: 800 },
      { prorate: false },
    );

    expect(changed).toEqual({ subscriptionId: created.subscriptionId, startsNow: false, paidUntil: created.paidUntil });
    expect(itemOf(created.subscriptionId).price.unit_amount).toBe(800);
    expect(stripe.requests.at(-1)?.body).toMatchObject({ proration_behavior: "none" });
    expect(stripe.invoices.size).toBe(invoicesBefore);
  });

  it("changes the amount at once with proration, invoicing the difference", async () => {
    const contribution = await contributionFor(6000, "annually");
    const created = await provider.updateContribution(contribution, { prorate: false });
    expect(itemOf(created.subscriptionId).price.recurring).toMatchObject({ interval: "year" });
    const invoicesBefore = stripe.invoices.size;

    const changed = await provider.updateContribution(
      { ...contribution, subscriptionId: created.subscriptionId, amountMinor: 9000 },
      { prorate: true },
    );

    expect(changed).toMatchObject({ subscriptionId: created.subscriptionId, startsNow: true });
    expect(stripe.requests.at(-1)?.body).toMatchObject({ proration_behavior: "always_invoice" });
    expect(stripe.invoices.size).toBe(invoicesBefore + 1);
  });

  it("starts a new subscription when the old one has ended", async () => {
    const contribution = await contributionFor(500, "monthly");
    const created = await provider.updateContribution(contribution, { prorate: false });
    await provider.cancelContribution({ ...contribution, subscriptionId: created.subscriptionId });
    const card = stripe.addPaymentMethod("card");
    stripe.paymentMethods.set(card.id, { ...card, customer: contribution.customerId });

    const again = await provider.updateContribution(
      { ...contribution, mandateId: card.id, subscriptionId: created.subscriptionId },
      { prorate: false },
    );
    expect(again.subscriptionId).not.toBe(created.subscriptionId);
    expect(again.startsNow).toBe(true);
  });

  it("cancels the subscription and detaches the payment method, and may be repeated", async () => {
    const contribution = await contributionFor(500, "monthly");
    const { subscriptionId } = await provider.updateContribution(contribution, { prorate: false });

    await provider.cancelContribution({ ...contribution, subscriptionId });
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe("canceled");
    expect(stripe.paymentMethods.get(contribution.mandateId)?.customer).toBeNull();

    await expect(provider.cancelContribution({ ...contribution, subscriptionId })).resolves.toBeUndefined();
  });

  it("sends the secret key with every request and fails with another key", async () => {
    await setUp("card");
    expect(stripe.requests.length).toBeGreaterThan(0);
    expect(stripe.requests.every((request) => request.authorization === `Bearer ${stripe.secretKey}`)).toBe(true);

    const wrongKey = makeProvider("sk_test_not_the_key");
    await expect(
      wrongKey.startFlow({
        flowId: "f",
        email: nextEmail(),
        paymentMethod: "s_card",
        completeUrl: "https://c.example",
      }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});

function signed(event: Record<string, unknown>, timestamp = Math.floor(clock.now().getTime() / 1000)) {
  const payload = JSON.stringify({ object: "event", api_version: "2026-10-28.endive", livemode: false, ...event });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
  return { body: Buffer.from(payload), headers: { "stripe-signature": header, "content-type": "application/json" } };
}

let events = 0;
function invoiceEvent(type: string, invoice: Record<string, unknown> = {}) {
  return signed({
    id: `evt_${++events}`,
    type,
    created: 1_772_400_000,
    data: {
      object: {
        id: "in_42",
        object: "invoice",
        customer: "cus_42",
        currency: "eur",
        status: "paid",
        amount_paid: 550,
        total: 550,
        created: 1_772_300_000,
        status_transitions: { finalized_at: 1_772_350_000, paid_at: 1_772_360_000 },
        parent: { type: "subscription_details", subscription_details: { subscription: "sub_42", metadata: {} } },
        lines: { object: "list", data: [{ id: "il_1", period: { start: 1_772_300_000, end: 1_774_900_000 } }] },
        ...invoice,
      },
    },
  });
}

async function parse(message: ReturnType<typeof signed>) {
  const [event] = await provider.parseWebhook(message.body, message.headers);
  return event;
}

describe("Stripe webhooks", () => {
  it("reads a paid invoice as a successful payment", async () => {
    expect(await parse(invoiceEvent("invoice.paid"))).toEqual({
      kind: "payment",
      eventId: expect.stringMatching(/^evt_/),
      providerPaymentId: "in_42",
      customerId: "cus_42",
      subscriptionId: "sub_42",
      amountMinor: 550,
      currency: "EUR",
      status: "successful",
      chargeDate: new Date(1_772_360_000 * 1000),
      periodEnd: new Date(1_774_900_000 * 1000),
    });
  });

  it("maps each invoice event and status to a payment status", async () => {
    const unpaid = { amount_paid: 0, total: 700, status_transitions: { finalized_at: 1_772_350_000, paid_at: null } };
    const cases: [string, Record<string, unknown>, string][] = [
      ["invoice.payment_succeeded", {}, "successful"],
      ["invoice.payment_failed", { ...unpaid, status: "open" }, "failed"],
      ["invoice.finalized", { ...unpaid, status: "open" }, "pending"],
      ["invoice.updated", { ...unpaid, status: "open" }, "pending"],
      ["invoice.updated", { ...unpaid, status: "draft" }, "draft"],
      ["invoice.updated", { status: "paid" }, "successful"],
      ["invoice.voided", { ...unpaid, status: "void" }, "cancelled"],
      ["invoice.marked_uncollectible", { ...unpaid, status: "uncollectible" }, "failed"],
    ];
    for (const [type, invoice, status] of cases) {
      expect(await parse(invoiceEvent(type, invoice)), type).toMatchObject({ kind: "payment", status });
    }
    expect(await parse(invoiceEvent("invoice.finalized", { ...unpaid, status: "open" }))).toMatchObject({
      amountMinor: 700,
      chargeDate: new Date(1_772_350_000 * 1000),
    });
  });

  it("reads a refunded charge as a refund of the invoice it paid", async () => {
    const contribution = await contributionFor(1500, "monthly");
    const created = await provider.updateContribution(contribution, { prorate: false });
    const invoiceId = String(stripe.subscriptions.get(created.subscriptionId)?.latest_invoice);
    const paid = [...stripe.invoicePayments.values()].find((entry) => entry.invoice === invoiceId);
    const paymentIntent = (paid?.payment as { payment_intent: string }).payment_intent;
    const refunded = (amountRefunded: number, intent: string | null = paymentIntent) =>
      signed({
        id: `evt_refund_${++events}`,
        type: "charge.refunded",
        data: {
          object: {
            id: "ch_1",
            object: "charge",
            amount: 1500,
            amount_refunded: amountRefunded,
            refunded: amountRefunded === 1500,
            payment_intent: intent,
          },
        },
      });
    expect(await parse(refunded(400))).toEqual({
      kind: "payment-refunded",
      eventId: expect.stringMatching(/^evt_refund_/),
      providerPaymentId: invoiceId,
      chargedMinor: 1500,
      refundedMinor: 400,
    });
    expect(await parse(refunded(1500, "pi_not_an_invoice"))).toMatchObject({ kind: "ignored" });
    expect(await parse(refunded(1500, null))).toMatchObject({ kind: "ignored", type: "charge.refunded" });
  });

  it("reads the subscription of invoices sent at older API versions", async () => {
    const event = await parse(invoiceEvent("invoice.paid", { parent: null, subscription: "sub_legacy" }));
    expect(event).toMatchObject({ kind: "payment", subscriptionId: "sub_legacy" });
  });

  it("reads a deleted subscription and ignores other events", async () => {
    const deleted = signed({
      id: "evt_deleted",
      type: "customer.subscription.deleted",
      data: { object: { id: "sub_42", object: "subscription", customer: "cus_42", status: "canceled" } },
    });
    expect(await parse(deleted)).toEqual({
      kind: "subscription-cancelled",
      eventId: "evt_deleted",
      customerId: "cus_42",
      subscriptionId: "sub_42",
    });
    const other = signed({
      id: "evt_other",
      type: "customer.created",
      data: { object: { id: "cus_1", object: "customer" } },
    });
    expect(await parse(other)).toEqual({ kind: "ignored", eventId: "evt_other", type: "customer.created" });
    expect(await parse(invoiceEvent("invoice.created", { status: "draft" }))).toMatchObject({ kind: "ignored" });
  });

  it("refuses a bad signature, a stale timestamp and a missing header", async () => {
    const message = invoiceEvent("invoice.paid");
    const tampered = { ...message, body: Buffer.from(message.body.toString().replace("550", "5")) };
    await expect(provider.parseWebhook(tampered.body, tampered.headers)).rejects.toBeInstanceOf(WebhookSignatureError);

    const otherSecret = Stripe.webhooks.generateTestHeaderString({
      payload: message.body.toString(),
      secret: "whsec_other",
    });
    await expect(provider.parseWebhook(message.body, { "stripe-signature": otherSecret })).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );

    const stale = signed(
      { id: "evt_stale", type: "invoice.paid", data: { object: {} } },
      Math.floor((clock.now().getTime() - DAY) / 1000),
    );
    await expect(provider.parseWebhook(stale.body, stale.headers)).rejects.toBeInstanceOf(WebhookSignatureError);

    await expect(provider.parseWebhook(message.body, {})).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it("checks freshness against the provider's clock", async () => {
    const message = invoiceEvent("invoice.paid");
    clock.advance(10 * 60_000);
    await expect(provider.parseWebhook(message.body, message.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    clock.advance(-10 * 60_000);
    await expect(provider.parseWebhook(message.body, message.headers)).resolves.toHaveLength(1);
  });
});
