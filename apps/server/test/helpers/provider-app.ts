import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import Stripe from "stripe";
import { API_PREFIX } from "@cohort/common/http";
import { startGoCardlessStandIn, type GoCardlessStandIn } from "@cohort/stand-ins/gocardless";
import { paymentSettings } from "@cohort/stand-ins/server-settings";
import { startStripeStandIn, type StripeStandIn } from "@cohort/stand-ins/stripe";
import { createTestApp, type TestApp } from "./test-app.js";

/** A test app whose Stripe and GoCardless adapters talk to stand-ins on loopback. */
export interface ProviderApp {
  t: TestApp;
  stripe: StripeStandIn;
  gocardless: GoCardlessStandIn;
}

/** Starts both stand-ins and an app that uses them, with any further settings. */
export async function startProviderApp(
  stripeWebhookSecret: string,
  env: Record<string, string> = {},
): Promise<ProviderApp> {
  const stripe = await startStripeStandIn();
  const gocardless = await startGoCardlessStandIn();
  const t = await createTestApp({ ...paymentSettings(stripe, gocardless, stripeWebhookSecret), ...env });
  return { t, stripe, gocardless };
}

export async function closeProviderApp({ t, stripe, gocardless }: ProviderApp): Promise<void> {
  await t.close();
  await stripe.close();
  await gocardless.close();
}

/** A `POST /signup` body of someone joining with a monthly contribution paid by `paymentMethod`. */
export function signupBody(paymentMethod: string) {
  return {
    email: `joiner.${randomUUID().slice(0, 8)}@example.org`,
    password: "Joining-pass1",
    loginUrl: "http://localhost:3000/auth/login",
    setPasswordUrl: "http://localhost:3000/auth/set-password",
    confirmUrl: "http://localhost:3000/join/confirm-email",
    contribution: {
      amount: 8,
      period: "monthly",
      payFee: false,
      paymentMethod,
      completeUrl: "http://localhost:3000/join/complete",
    },
  };
}

/**
 * Puts a customer, an active mandate and an active subscription on it into the
 * GoCardless stand-in under fresh ids; `subscription` adds or replaces fields.
 */
export function seedGoCardlessSubscription(
  gocardless: GoCardlessStandIn,
  subscription: Record<string, unknown> = {},
): { customerId: string; mandateId: string; subscriptionId: string } {
  const unique = () => randomUUID().replaceAll("-", "").slice(0, 12).toUpperCase();
  const ids = { customerId: `CU${unique()}`, mandateId: `MD${unique()}`, subscriptionId: `SB${unique()}` };
  gocardless.resources.customers.set(ids.customerId, { id: ids.customerId });
  gocardless.resources.mandates.set(ids.mandateId, {
    id: ids.mandateId,
    status: "active",
    links: { customer: ids.customerId },
  });
  gocardless.resources.subscriptions.set(ids.subscriptionId, {
    id: ids.subscriptionId,
    status: "active",
    interval: 1,
    interval_unit: "monthly",
    links: { mandate: ids.mandateId },
    ...subscription,
  });
  return ids;
}

/** Posts one Stripe event to the webhook, signed with `secret` at the test clock's time. */
export function postStripeEvent(t: TestApp, secret: string, event: object): Promise<LightMyRequestResponse> {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(t.clock.now().getTime() / 1000),
  });
  return t.app.inject({
    method: "POST",
    url: `${API_PREFIX}/webhook/stripe`,
    payload,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
}
