import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { paidUntilOf } from "@cohort/common/contributions";
import {
  contacts,
  contactRoles,
  contributions,
  emailOutbox,
  joinFlows,
  paymentFlows,
  payments,
} from "../src/db/schema/index.js";
import type { GoCardlessStandIn } from "@cohort/stand-ins/gocardless";
import { closeProviderApp, startProviderApp } from "./helpers/provider-app.js";
import type { StripeStandIn } from "@cohort/stand-ins/stripe";
import { call, sessionCookie, type TestApp } from "./helpers/test-app.js";

const STRIPE_WEBHOOK_SECRET = "whsec_cohort_join_test";
const urls = {
  loginUrl: "http://localhost:3000/auth/login",
  setPasswordUrl: "http://localhost:3000/auth/set-password",
  confirmUrl: "http://localhost:3000/join/confirm-email",
};
const completeUrl = "http://localhost:3000/join/complete";

let t: TestApp;
let stripe: StripeStandIn;
let gocardless: GoCardlessStandIn;

beforeAll(async () => {
  ({ t, stripe, gocardless } = await startProviderApp(STRIPE_WEBHOOK_SECRET));
});
afterAll(() => closeProviderApp({ t, stripe, gocardless }));

const uniqueEmail = (name: string) => `${name}.${crypto.randomUUID().slice(0, 8)}@example.org`;

async function startJoin(email: string, paymentMethod: string, provider: "stripe" | "gocardless") {
  const response = await call(t.app, "POST", "/signup", {
    body: {
      email,
      password: "Joining-pass1",
      ...urls,
      contribution: { amount: 8, period: "monthly", payFee: false, paymentMethod, completeUrl },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [flow] = await t.database.db
    .select()
    .from(paymentFlows)
    .where(eq(paymentFlows.provider, provider))
    .orderBy(desc(paymentFlows.createdAt))
    .limit(1);
  return { params: response.json<Record<string, string>>(), providerFlowId: flow!.providerFlowId };
}

/** Completes the join as the browser would after the provider's page, then follows the emailed link. */
async function finishJoin(email: string, providerFlowId: string) {
  const complete = await call(t.app, "POST", "/signup/complete", {
    body: { paymentFlowId: providerFlowId, firstname: "Jo", lastname: "Joiner" },
  });
  expect(complete.statusCode, complete.body).toBe(204);
  const [sent] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.templateId, "confirm-email")));
  const joinFlowId = (sent?.mergeFields.CONFIRMLINK ?? "").slice(urls.confirmUrl.length + 1);
  const confirm = await call(t.app, "POST", "/signup/confirm-email", { body: { joinFlowId } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  expect(confirm.json()).toMatchObject({ email, activeRoles: ["member"] });
  const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.email, email));
  const [contribution] = await t.database.db
    .select()
    .from(contributions)
    .where(eq(contributions.contactId, contact!.id));
  return { contact: contact!, contribution: contribution! };
}

async function memberExpiry(contactId: string) {
  const [role] = await t.database.db
    .select()
    .from(contactRoles)
    .where(and(eq(contactRoles.contactId, contactId), eq(contactRoles.role, "member")));
  return role?.dateExpires ?? null;
}

/** The member cancels their contribution from their own contribution page. */
async function cancelAsMember(email: string) {
  const login = await call(t.app, "POST", "/auth/login", { body: { email, password: "Joining-pass1" } });
  const cancel = await call(t.app, "POST", "/contact/me/contribution/cancel", { cookie: sessionCookie(login) });
  expect(cancel.statusCode, cancel.body).toBe(204);
}

describe("joining through Stripe", () => {
  it("sets up a card, subscribes, and records the paid invoice a signed webhook reports", async () => {
    const email = uniqueEmail("stripe");
    const { params, providerFlowId } = await startJoin(email, "s_card", "stripe");
    expect(params.clientSecret).toBeTruthy();
    // What Stripe.js does in the browser: confirm the setup intent with a card.
    const card = stripe.addPaymentMethod("card");
    stripe.succeedSetupIntent(providerFlowId, card.id);

    const { contact, contribution } = await finishJoin(email, providerFlowId);
    expect(contact).toMatchObject({ contributionType: "Automatic", contributionAmount: 800 });
    expect(contribution).toMatchObject({ provider: "stripe", paymentMethod: "s_card", mandateId: card.id });
    expect(contribution.subscriptionId).toBeTruthy();
    expect(stripe.subscriptions.has(contribution.subscriptionId!)).toBe(true);

    const now = Math.floor(t.clock.now().getTime() / 1000);
    const periodEnd = now + 31 * 86_400;
    const event = {
      id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
      object: "event",
      type: "invoice.paid",
      created: now,
      data: {
        object: {
          id: `in_${crypto.randomUUID().slice(0, 12)}`,
          object: "invoice",
          status: "paid",
          customer: contribution.customerId,
          amount_paid: 800,
          total: 800,
          currency: "gbp",
          created: now,
          status_transitions: { paid_at: now },
          parent: { subscription_details: { subscription: contribution.subscriptionId } },
          lines: { data: [{ period: { start: now, end: periodEnd } }] },
        },
      },
    };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: STRIPE_WEBHOOK_SECRET,
      timestamp: now,
    });
    const send = (header: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/1.0/webhook/stripe",
        headers: { "content-type": "application/json", "stripe-signature": header },
        payload,
      });
    expect((await send(`${signature}0`)).statusCode).toBe(400);
    expect((await send(signature)).statusCode).toBe(200);
    expect((await send(signature)).statusCode).toBe(200);
    const paid = await t.database.db.select().from(payments).where(eq(payments.contactId, contact.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ provider: "stripe", amount: 800, status: "successful" });
    const expiry = await memberExpiry(contact.id);
    expect(expiry!.getTime()).toBeGreaterThanOrEqual((periodEnd + 7 * 86_400) * 1000 - 1000);

    // Cancelling ends the membership with the paid cycle, not a grace period later.
    await cancelAsMember(email);
    expect(stripe.subscriptions.get(contribution.subscriptionId!)?.status).toBe("canceled");
    expect(await memberExpiry(contact.id)).toEqual(paidUntilOf(expiry!));
  });
});

describe("a join whose card was not set up", () => {
  it("is refused on completion and mailed no confirmation link", async () => {
    const email = uniqueEmail("declined");
    await startJoin(email, "s_card", "stripe");
    const [flow] = await t.database.db
      .select({ providerFlowId: paymentFlows.providerFlowId })
      .from(joinFlows)
      .innerJoin(paymentFlows, eq(paymentFlows.id, joinFlows.paymentFlowId))
      .where(eq(joinFlows.email, email));
    const providerFlowId = flow?.providerFlowId ?? "";
    expect(providerFlowId).toMatch(/^seti_/);
    // The card was declined in the browser: the setup intent still waits for a payment method.
    const complete = await call(t.app, "POST", "/signup/complete", { body: { paymentFlowId: providerFlowId } });
    expect(complete.statusCode, complete.body).toBe(400);
    const sent = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.templateId, "confirm-email")));
    expect(sent).toHaveLength(0);
  });
});

describe("joining through GoCardless", () => {
  it("sets up a direct debit mandate, subscribes, and records the payment a signed webhook reports", async () => {
    const email = uniqueEmail("gocardless");
    const { params, providerFlowId } = await startJoin(email, "gc_direct-debit", "gocardless");
    expect(params.redirectUrl).toBeTruthy();
    // What the person does on GoCardless's pages.
    const { mandateId } = gocardless.completeBillingRequest(providerFlowId, { accountHolderName: "Jo Joiner" });

    const { contact, contribution } = await finishJoin(email, providerFlowId);
    expect(contribution).toMatchObject({ provider: "gocardless", paymentMethod: "gc_direct-debit", mandateId });
    expect(contribution.subscriptionId).toBeTruthy();

    const chargeDate = new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const paymentId = gocardless.addPayment({
      mandateId,
      subscriptionId: contribution.subscriptionId!,
      amount: 800,
      status: "confirmed",
      chargeDate,
    });
    const good = gocardless.webhook([
      { resource_type: "payments", action: "confirmed", links: { payment: paymentId } },
    ]);
    const forged = gocardless.webhook(
      [{ resource_type: "payments", action: "confirmed", links: { payment: paymentId } }],
      "not-the-secret",
    );
    const send = (webhook: { rawBody: Buffer; headers: Record<string, string> }) =>
      t.app.inject({
        method: "POST",
        url: "/api/1.0/webhook/gocardless",
        headers: webhook.headers,
        payload: webhook.rawBody,
      });
    expect((await send(forged)).statusCode).toBe(400);
    expect(await t.database.db.select().from(payments).where(eq(payments.contactId, contact.id))).toHaveLength(0);
    expect((await send(good)).statusCode).toBe(200);
    expect((await send(good)).statusCode).toBe(200);
    const paid = await t.database.db.select().from(payments).where(eq(payments.contactId, contact.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ provider: "gocardless", amount: 800, status: "successful" });

    // Cancelling ends the membership with the paid cycle, not a grace period later.
    const expiry = await memberExpiry(contact.id);
    await cancelAsMember(email);
    expect(await memberExpiry(contact.id)).toEqual(paidUntilOf(expiry!));
  });
});
