import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandIn, type StripeStandIn } from "../src/stripe.js";

let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn();
});
afterAll(() => stripe.close());

/** A call as the server's SDK (secret key) or Stripe.js in the browser (publishable key) makes it. */
async function post(path: string, key: string, form: Record<string, string>) {
  const response = await fetch(`http://${stripe.host}:${stripe.port}/v1/${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const card = (number: string) => ({ "payment_method_data[type]": "card", "payment_method_data[card][number]": number });

describe("the Stripe stand-in's one-off payment intents", () => {
  it("are confirmed by the browser holding the client secret, declining Stripe's declined test card", async () => {
    const created = await post("payment_intents", stripe.secretKey, { amount: "2500", currency: "gbp" });
    expect(created.body).toMatchObject({ object: "payment_intent", amount: 2500, status: "requires_payment_method" });
    const id = String(created.body.id);
    const secret = String(created.body.client_secret);

    const wrongSecret = await post(`payment_intents/${id}/confirm`, stripe.publishableKey, {
      client_secret: "pi_other_secret",
      ...card("4242424242424242"),
    });
    expect(wrongSecret.status).toBe(404);
    const declined = await post(`payment_intents/${id}/confirm`, stripe.publishableKey, {
      client_secret: secret,
      ...card("4000 0000 0000 0002"),
    });
    expect(declined).toMatchObject({ status: 402, body: { error: { code: "card_declined" } } });
    const paid = await post(`payment_intents/${id}/confirm`, stripe.publishableKey, {
      client_secret: secret,
      ...card("4242424242424242"),
    });
    expect(paid).toMatchObject({ status: 200, body: { status: "succeeded", amount_received: 2500 } });
    expect(stripe.paymentMethods.get(String(paid.body.payment_method))).toMatchObject({ card: { last4: "4242" } });
    const again = await post(`payment_intents/${id}/confirm`, stripe.publishableKey, {
      client_secret: secret,
      ...card("4242424242424242"),
    });
    expect(again).toMatchObject({ status: 400, body: { error: { code: "payment_intent_unexpected_state" } } });
  });
});
