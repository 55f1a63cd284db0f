import { createHmac, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PREFIX } from "@cohort/common/http";
import { addMonths } from "@cohort/common/contributions";
import { contactRoles, contributions, emailOutbox, payments } from "../src/db/schema/index.js";
import { makeContact } from "./helpers/factories.js";
import type { GoCardlessStandIn } from "@cohort/stand-ins/gocardless";
import {
  closeProviderApp,
  postStripeEvent,
  seedGoCardlessSubscription,
  startProviderApp,
} from "./helpers/provider-app.js";
import type { StripeStandIn } from "@cohort/stand-ins/stripe";
import type { TestApp } from "./helpers/test-app.js";
import { sendWebhook, WEBHOOK_SECRET } from "./helpers/test-checkout.js";

/**
 * Provider events about the same payments, delivered in any order and any
 * number of times, end in the state of their delivery in order: payments,
 * contribution and membership (decision 021).
 */

const STRIPE_WEBHOOK_SECRET = "whsec_cohort_ordering";
const DAY = 86_400_000;
type Provider = "test" | "stripe" | "gocardless";

let t: TestApp;
let stripe: StripeStandIn;
let gocardless: GoCardlessStandIn;

beforeAll(async () => {
  ({ t, stripe, gocardless } = await startProviderApp(STRIPE_WEBHOOK_SECRET, {
    TEST_PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET,
  }));
});
afterAll(() => closeProviderApp({ t, stripe, gocardless }));

const unique = () => randomUUID().replaceAll("-", "").slice(0, 12);

/** A contact whose contribution the provider holds under fresh ids. */
async function contributor(provider: Provider) {
  const contact = await makeContact(t.database.db);
  const ids =
    provider === "gocardless"
      ? seedGoCardlessSubscription(gocardless)
      : { customerId: `cus_${unique()}`, mandateId: `md_${unique()}`, subscriptionId: `sub_${unique()}` };
  await t.database.db
    .update(contributions)
    .set({ provider, paymentMethod: provider === "gocardless" ? "gc_direct-debit" : "s_card", ...ids })
    .where(eq(contributions.contactId, contact.id));
  return { contactId: contact.id, ...ids };
}

/** What the events left: the contact's payments, contribution and membership. */
async function stateOf(contactId: string, labels: Map<string, string>) {
  const rows = await t.database.db.select().from(payments).where(eq(payments.contactId, contactId));
  const [contribution] = await t.database.db.select().from(contributions).where(eq(contributions.contactId, contactId));
  const [member] = await t.database.db
    .select()
    .from(contactRoles)
    .where(and(eq(contactRoles.contactId, contactId), eq(contactRoles.role, "member")));
  return {
    payments: rows
      .map((row) => ({
        payment: labels.get(row.providerPaymentId) ?? row.providerPaymentId,
        status: row.status,
        amount: row.amount,
        refunded: row.amountRefunded,
        chargeDate: row.chargeDate.toISOString(),
      }))
      .sort((a, b) => a.payment.localeCompare(b.payment)),
    contributionCancelled: contribution?.cancelledAt !== null,
    subscriptionId: contribution?.subscriptionId ?? null,
    membershipExpires: member?.dateExpires?.toISOString() ?? null,
  };
}

async function emailsOf(contactId: string): Promise<string[]> {
  const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.contactId, contactId));
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .flatMap((row) => (row.templateId ? [row.templateId] : []));
}

/** The payment emails the contact got, oldest first, each with the amount it names. */
async function paymentEmailsOf(contactId: string) {
  const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.contactId, contactId));
  // Emails of one delivery share a time; a payment's failure is always told before its recovery.
  const turn = (templateId: string | null) => (templateId === "payment-recovered" ? 1 : 0);
  return (
    rows
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || turn(a.templateId) - turn(b.templateId))
      // The amount as written in the email (£12.00), without its currency.
      .map((row) => ({ templateId: row.templateId, amount: row.mergeFields.AMOUNT?.replace(/[^\d.]/g, "") }))
  );
}

/**
 * What the payer was told does not contradict how the payments ended: the last
 * email about a payment that was paid (refunded or not) is never that it
 * failed, one that was not paid is never said to have gone through, and no
 * email is sent twice.
 */
function expectEmailsTrueTo(
  emails: Awaited<ReturnType<typeof paymentEmailsOf>>,
  state: Awaited<ReturnType<typeof stateOf>>,
) {
  expect(emails.map((email) => email.templateId)).toEqual(
    emails.map(() => expect.stringMatching(/^payment-(failed|recovered)$/)),
  );
  for (const payment of state.payments) {
    const charged = ((payment.amount + payment.refunded) / 100).toFixed(2);
    const told = emails.filter((email) => email.amount === charged).map((email) => email.templateId);
    expect(new Set(told).size, `${payment.payment}: ${told.join(", ")}`).toBe(told.length);
    const paid = payment.status === "successful" || (payment.status === "cancelled" && payment.refunded > 0);
    if (paid) expect(told.at(-1), payment.payment).not.toBe("payment-failed");
    else expect(told, payment.payment).not.toContain("payment-recovered");
    if (told.includes("payment-recovered")) expect(told.indexOf("payment-failed")).toBe(0);
  }
}

// ------------------------------------------------------------ how each provider reports

const base = new Date(Math.floor(Date.now() / DAY) * DAY - 3 * DAY);
const firstEnd = addMonths(base, 1);
const secondEnd = addMonths(base, 2);

function testPayment(who: { customerId: string; subscriptionId: string }, id: string, fields: object) {
  return {
    kind: "payment",
    eventId: `evt_${unique()}`,
    providerPaymentId: id,
    customerId: who.customerId,
    subscriptionId: who.subscriptionId,
    amountMinor: 1200,
    currency: "GBP",
    status: "successful",
    chargeDate: base.toISOString(),
    periodEnd: firstEnd.toISOString(),
    ...fields,
  };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function stripeInvoiceEvent(
  who: { customerId: string; subscriptionId: string },
  invoice: { id: string; amount: number; periodEnd: Date },
  type: string,
  status: string,
) {
  const paid = status === "paid";
  return {
    id: `evt_${unique()}`,
    object: "event",
    type,
    created: seconds(base),
    data: {
      object: {
        id: invoice.id,
        object: "invoice",
        status,
        customer: who.customerId,
        amount_paid: paid ? invoice.amount : 0,
        total: invoice.amount,
        currency: "gbp",
        created: seconds(base),
        status_transitions: { paid_at: paid ? seconds(base) : null, finalized_at: seconds(base) },
        lines: { object: "list", data: [{ period: { start: seconds(base), end: seconds(invoice.periodEnd) } }] },
        parent: { subscription_details: { subscription: who.subscriptionId } },
      },
    },
  };
}

function stripeRefundEvent(paymentIntent: string, amount: number, refunded: number) {
  return {
    id: `evt_${unique()}`,
    object: "event",
    type: "charge.refunded",
    created: seconds(base),
    data: {
      object: {
        id: `ch_${unique()}`,
        object: "charge",
        amount,
        amount_refunded: refunded,
        payment_intent: paymentIntent,
      },
    },
  };
}

function stripeSubscriptionEvent(who: { customerId: string; subscriptionId: string }, type: string, status: string) {
  return {
    id: `evt_${unique()}`,
    object: "event",
    type,
    created: seconds(base),
    data: { object: { id: who.subscriptionId, object: "subscription", customer: who.customerId, status } },
  };
}

/** Lets the stand-in answer which invoice a payment intent paid. */
function stripeInvoicePaidBy(invoiceId: string): string {
  const paymentIntent = `pi_${unique()}`;
  const id = `inpay_${unique()}`;
  stripe.invoicePayments.set(id, {
    id,
    object: "invoice_payment",
    invoice: invoiceId,
    payment: { type: "payment_intent", payment_intent: paymentIntent },
  });
  return paymentIntent;
}

function postStripe(event: object) {
  return postStripeEvent(t, STRIPE_WEBHOOK_SECRET, event);
}

function gocardlessEvent(resourceType: string, action: string, links: Record<string, string>) {
  return {
    id: `EV${unique().toUpperCase()}`,
    created_at: base.toISOString(),
    resource_type: resourceType,
    action,
    links,
  };
}

function postGoCardless(events: object[]) {
  const rawBody = Buffer.from(JSON.stringify({ events }));
  const signature = createHmac("sha256", gocardless.webhookSecret).update(rawBody).digest("hex");
  return t.app.inject({
    method: "POST",
    url: `${API_PREFIX}/webhook/gocardless`,
    payload: rawBody,
    headers: { "content-type": "application/json", "webhook-signature": signature },
  });
}

async function expectOk(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
}

// ------------------------------------------------------------ the same story through each provider

interface Story {
  contactId: string;
  events: object[];
  /** Delivers events as one webhook (a batch where the provider sends batches). */
  deliver(batch: object[]): Promise<void>;
  labels: Map<string, string>;
}

/**
 * The story every provider tells: the first payment is submitted, fails, is
 * retried and paid, and partly refunded; the second is paid, reported failed
 * late, and refunded in full (a smaller running total arriving late too); then
 * the subscription ends.
 */
async function testStory(): Promise<Story> {
  const who = await contributor("test");
  const [first, second] = [`pay_${unique()}`, `pay_${unique()}`];
  const refund = (id: string, chargedMinor: number, refundedMinor: number) => ({
    kind: "payment-refunded",
    eventId: `evt_${unique()}`,
    providerPaymentId: id,
    chargedMinor,
    refundedMinor,
  });
  return {
    contactId: who.contactId,
    labels: new Map([
      [first, "first"],
      [second, "second"],
    ]),
    events: [
      testPayment(who, first, { status: "pending" }),
      testPayment(who, first, { status: "failed" }),
      testPayment(who, first, { status: "successful" }),
      refund(first, 1200, 300),
      testPayment(who, second, { amountMinor: 1500, periodEnd: secondEnd.toISOString() }),
      testPayment(who, second, { amountMinor: 1500, status: "failed", periodEnd: secondEnd.toISOString() }),
      refund(second, 1500, 1500),
      refund(second, 1500, 500),
      { kind: "subscription-cancelled", eventId: `evt_${unique()}`, ...who },
      // Cancelled twice: a second event of its own, not a repeat of the first.
      { kind: "subscription-cancelled", eventId: `evt_${unique()}`, ...who },
    ],
    deliver: async (batch) => expectOk(await sendWebhook(t, batch)),
  };
}

async function stripeStory(): Promise<Story> {
  const who = await contributor("stripe");
  const first = { id: `in_${unique()}`, amount: 1200, periodEnd: firstEnd };
  const second = { id: `in_${unique()}`, amount: 1500, periodEnd: secondEnd };
  const [firstIntent, secondIntent] = [stripeInvoicePaidBy(first.id), stripeInvoicePaidBy(second.id)];
  return {
    contactId: who.contactId,
    labels: new Map([
      [first.id, "first"],
      [second.id, "second"],
    ]),
    events: [
      stripeInvoiceEvent(who, first, "invoice.finalized", "open"),
      stripeInvoiceEvent(who, first, "invoice.payment_failed", "open"),
      stripeInvoiceEvent(who, first, "invoice.paid", "paid"),
      stripeRefundEvent(firstIntent, 1200, 300),
      stripeInvoiceEvent(who, second, "invoice.paid", "paid"),
      stripeInvoiceEvent(who, second, "invoice.payment_failed", "open"),
      stripeRefundEvent(secondIntent, 1500, 1500),
      stripeRefundEvent(secondIntent, 1500, 500),
      stripeSubscriptionEvent(who, "customer.subscription.deleted", "canceled"),
      // Cancelled twice, then an update of the cancelled subscription.
      stripeSubscriptionEvent(who, "customer.subscription.deleted", "canceled"),
      stripeSubscriptionEvent(who, "customer.subscription.updated", "active"),
    ],
    // Stripe sends one event per request.
    deliver: async (batch) => {
      for (const event of batch) await expectOk(await postStripe(event));
    },
  };
}

/**
 * GoCardless events name the payment; its state is read from the API when
 * the event arrives, so out of order means: the payments stand as they ended,
 * and the events about them come in any order.
 */
async function gocardlessStory(): Promise<Story> {
  const who = await contributor("gocardless");
  const chargeDate = base.toISOString().slice(0, 10);
  const payment = (amount: number, amountRefunded: number) =>
    gocardless.addPayment({
      mandateId: who.mandateId,
      subscriptionId: who.subscriptionId,
      amount,
      amountRefunded,
      status: "confirmed",
      chargeDate,
    });
  const [first, second] = [payment(1200, 300), payment(1500, 1500)];
  const links = (id: string) => ({ payment: id });
  return {
    contactId: who.contactId,
    labels: new Map([
      [first, "first"],
      [second, "second"],
    ]),
    events: [
      gocardlessEvent("payments", "submitted", links(first)),
      gocardlessEvent("payments", "failed", links(first)),
      gocardlessEvent("payments", "confirmed", links(first)),
      gocardlessEvent("refunds", "created", links(first)),
      gocardlessEvent("payments", "confirmed", links(second)),
      gocardlessEvent("refunds", "created", links(second)),
      gocardlessEvent("refunds", "paid", links(second)),
      gocardlessEvent("subscriptions", "cancelled", { subscription: who.subscriptionId, customer: who.customerId }),
      // Cancelled twice, then an amendment of the cancelled subscription.
      gocardlessEvent("subscriptions", "cancelled", { subscription: who.subscriptionId, customer: who.customerId }),
      gocardlessEvent("subscriptions", "amended", { subscription: who.subscriptionId }),
    ],
    deliver: async (batch) => expectOk(await postGoCardless(batch)),
  };
}

const stories: Record<Provider, () => Promise<Story>> = {
  test: testStory,
  stripe: stripeStory,
  gocardless: gocardlessStory,
};

/** A delivery: every event at least once, in any order, some twice, cut into batches. */
function deliveries(count: number) {
  return fc
    .record({
      order: fc.shuffledSubarray(
        Array.from({ length: count }, (_, index) => index),
        { minLength: count, maxLength: count },
      ),
      repeats: fc.array(fc.tuple(fc.nat(count - 1), fc.nat(count)), { maxLength: 3 }),
      batchSizes: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: count, maxLength: count }),
    })
    .map(({ order, repeats, batchSizes }) => {
      const sequence = [...order];
      for (const [event, position] of repeats) sequence.splice(position, 0, event);
      const batches: number[][] = [];
      let next = 0;
      for (const size of batchSizes) {
        if (next >= sequence.length) break;
        batches.push(sequence.slice(next, next + size));
        next += size;
      }
      if (next < sequence.length) batches.push(sequence.slice(next));
      return batches;
    });
}

describe.each(Object.keys(stories) as Provider[])("events through the %s provider", (provider) => {
  const story = stories[provider];

  it("end in the same payments, contribution and membership whatever their order, and tell the payer nothing the end contradicts", async () => {
    const inOrder = await story();
    for (const event of inOrder.events) {
      t.clock.advance(1);
      await inOrder.deliver([event]);
    }
    const expected = await stateOf(inOrder.contactId, inOrder.labels);
    expectEmailsTrueTo(await paymentEmailsOf(inOrder.contactId), expected);
    // What the story means, so that the comparison below compares something right.
    expect(expected).toEqual({
      payments: [
        { payment: "first", status: "successful", amount: 900, refunded: 300, chargeDate: base.toISOString() },
        { payment: "second", status: "cancelled", amount: 0, refunded: 1500, chargeDate: base.toISOString() },
      ],
      contributionCancelled: true,
      subscriptionId: null,
      membershipExpires: expect.any(String),
    });
    // GoCardless pays each period from its charge date; the others say when the second period ends.
    // The contribution is cancelled, so the membership ends with the paid time, without grace.
    const paidUntil = provider === "gocardless" ? firstEnd : secondEnd;
    expect(new Date(expected.membershipExpires ?? 0).getTime()).toBe(paidUntil.getTime());

    const count = inOrder.events.length;
    await fc.assert(
      fc.asyncProperty(deliveries(count), async (batches) => {
        const shuffled = await story();
        for (const batch of batches) {
          t.clock.advance(1);
          await shuffled.deliver(batch.map((index) => shuffled.events[index]!));
        }
        expect(await stateOf(shuffled.contactId, shuffled.labels)).toEqual(expected);
        expectEmailsTrueTo(await paymentEmailsOf(shuffled.contactId), expected);
      }),
      { numRuns: Number(process.env.ORDER_RUNS ?? 6) },
    );
  }, 60_000);
});

// ------------------------------------------------------------ a retried payment that is paid after all

describe("a failed payment paid on retry", () => {
  async function expectPaidAfterFailure(contactId: string, providerPaymentId: string) {
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
    expect(row).toMatchObject({ status: "successful", contactId });
    const [member] = await t.database.db
      .select()
      .from(contactRoles)
      .where(and(eq(contactRoles.contactId, contactId), eq(contactRoles.role, "member")));
    expect(member?.dateExpires?.getTime()).toBeGreaterThan(firstEnd.getTime());
    // The payer was told it failed; the last word is that it went through.
    expect(await emailsOf(contactId)).toEqual(["payment-failed", "payment-recovered"]);
  }

  it("is successful with the test provider, extends the membership and tells the payer", async () => {
    const who = await contributor("test");
    const id = `pay_${unique()}`;
    await expectOk(await sendWebhook(t, [testPayment(who, id, { status: "failed" })]));
    expect(await emailsOf(who.contactId)).toEqual(["payment-failed"]);
    await expectOk(await sendWebhook(t, [testPayment(who, id, { status: "successful" })]));
    await expectPaidAfterFailure(who.contactId, id);
  });

  it("is successful with Stripe when the same invoice is paid after its payment failed", async () => {
    const who = await contributor("stripe");
    const invoice = { id: `in_${unique()}`, amount: 1200, periodEnd: firstEnd };
    await expectOk(await postStripe(stripeInvoiceEvent(who, invoice, "invoice.payment_failed", "open")));
    await expectOk(await postStripe(stripeInvoiceEvent(who, invoice, "invoice.paid", "paid")));
    await expectPaidAfterFailure(who.contactId, invoice.id);
  });

  it("is successful with GoCardless when a failed payment is resubmitted and confirmed", async () => {
    const who = await contributor("gocardless");
    const id = gocardless.addPayment({
      mandateId: who.mandateId,
      subscriptionId: who.subscriptionId,
      amount: 1200,
      status: "failed",
      chargeDate: base.toISOString().slice(0, 10),
    });
    await expectOk(await postGoCardless([gocardlessEvent("payments", "failed", { payment: id })]));
    const stored = gocardless.resources.payments.get(id);
    if (stored) stored.status = "confirmed";
    await expectOk(await postGoCardless([gocardlessEvent("payments", "confirmed", { payment: id })]));
    await expectPaidAfterFailure(who.contactId, id);
  });

  it("stays successful, without a failure email, when the failure is reported after the success", async () => {
    const who = await contributor("test");
    const id = `pay_${unique()}`;
    await expectOk(await sendWebhook(t, [testPayment(who, id, { status: "successful" })]));
    await expectOk(await sendWebhook(t, [testPayment(who, id, { status: "failed" })]));
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, id));
    expect(row?.status).toBe("successful");
    expect(await emailsOf(who.contactId)).toEqual([]);
  });
});

describe("a refund that arrives before its payment", () => {
  it("is kept and applied when the payment arrives, which still extends the membership", async () => {
    const who = await contributor("test");
    const id = `pay_${unique()}`;
    const refund = { kind: "payment-refunded", eventId: `evt_${unique()}`, providerPaymentId: id, chargedMinor: 1200 };
    expect((await sendWebhook(t, [{ ...refund, refundedMinor: 200 }])).json()).toEqual({ received: 1 });
    expect(await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, id))).toEqual([]);
    await expectOk(await sendWebhook(t, [testPayment(who, id, { status: "successful" })]));
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, id));
    expect(row).toMatchObject({ status: "successful", amount: 1000, amountRefunded: 200 });
    const [member] = await t.database.db
      .select()
      .from(contactRoles)
      .where(and(eq(contactRoles.contactId, who.contactId), eq(contactRoles.role, "member")));
    expect(member?.dateExpires?.getTime()).toBeGreaterThan(firstEnd.getTime());
    // The rest of the refund, then the whole: cancelled, and a repeat changes nothing.
    await sendWebhook(t, [{ ...refund, eventId: `evt_${unique()}`, refundedMinor: 1200 }]);
    await sendWebhook(t, [{ ...refund, refundedMinor: 200 }]);
    const [refunded] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, id));
    expect(refunded).toMatchObject({ status: "cancelled", amount: 0, amountRefunded: 1200 });
  });
});
