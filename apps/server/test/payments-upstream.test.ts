import { createHmac, randomUUID } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PREFIX } from "@cohort/common/http";
import { contributions, payments, providerEvents } from "../src/db/schema/index.js";
import { makeContact } from "./helpers/factories.js";
import type { GoCardlessStandIn } from "@cohort/stand-ins/gocardless";
import { closeProviderApp, signupBody, startProviderApp } from "./helpers/provider-app.js";
import type { StripeStandIn } from "@cohort/stand-ins/stripe";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";
import { signTestWebhook } from "../src/providers/payment/test-provider.js";
import { WEBHOOK_SECRET } from "./helpers/test-checkout.js";

/**
 * When a payment provider's API is out of reach, or a signed webhook cannot be
 * used, Cohort answers with a stable error and never a 500; a batch with one
 * bad event still applies the others, once.
 */

const STRIPE_WEBHOOK_SECRET = "whsec_cohort_upstream";
const unique = () => randomUUID().replaceAll("-", "").slice(0, 12);

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

function signup(t: TestApp, paymentMethod: string) {
  return call(t.app, "POST", "/signup", { body: signupBody(paymentMethod) });
}

describe("payment providers out of reach", () => {
  let t: TestApp;
  beforeAll(async () => {
    const port = await closedPort();
    t = await createTestApp({
      STRIPE_SECRET_KEY: "sk_test_unreachable",
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: "http",
      GOCARDLESS_ACCESS_TOKEN: "sandbox_unreachable",
      GOCARDLESS_WEBHOOK_SECRET: "gc-secret-unreachable",
      GOCARDLESS_API_URL: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(() => t.close());

  it.each(["s_card", "gc_direct-debit"])("answer 503 payment-provider-unavailable to a join by %s", async (method) => {
    const response = await signup(t, method);
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({
      httpCode: 503,
      code: "payment-provider-unavailable",
      message: expect.stringMatching(/payment provider/),
    });
  });

  it("answer 503 to a webhook that needs the API, so the provider delivers it again", async () => {
    const rawBody = JSON.stringify({
      events: [{ id: `EV${unique()}`, resource_type: "payments", action: "confirmed", links: { payment: "PM1" } }],
    });
    const response = await t.app.inject({
      method: "POST",
      url: `${API_PREFIX}/webhook/gocardless`,
      payload: rawBody,
      headers: {
        "content-type": "application/json",
        "webhook-signature": createHmac("sha256", "gc-secret-unreachable").update(rawBody).digest("hex"),
      },
    });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({ code: "payment-provider-unavailable" });
    // Nothing is recorded, so the next delivery is applied.
    expect(await t.database.db.select().from(providerEvents)).toEqual([]);
  }, 20_000);
});

describe("signed webhooks that cannot be used", () => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let gocardless: GoCardlessStandIn;
  beforeAll(async () => {
    ({ t, stripe, gocardless } = await startProviderApp(STRIPE_WEBHOOK_SECRET, {
      TEST_PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET,
    }));
  });
  afterAll(() => closeProviderApp({ t, stripe, gocardless }));

  function postStripe(payload: string) {
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: STRIPE_WEBHOOK_SECRET,
      timestamp: Math.floor(t.clock.now().getTime() / 1000),
    });
    return t.app.inject({
      method: "POST",
      url: `${API_PREFIX}/webhook/stripe`,
      payload,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });
  }

  function postGoCardless(payload: string) {
    return t.app.inject({
      method: "POST",
      url: `${API_PREFIX}/webhook/gocardless`,
      payload,
      headers: {
        "content-type": "application/json",
        "webhook-signature": createHmac("sha256", gocardless.webhookSecret).update(payload).digest("hex"),
      },
    });
  }

  function postTest(payload: string) {
    return t.app.inject({
      method: "POST",
      url: `${API_PREFIX}/webhook/test`,
      payload,
      headers: {
        "content-type": "application/json",
        "x-cohort-test-signature": signTestWebhook(WEBHOOK_SECRET, payload),
      },
    });
  }

  const posts = { stripe: postStripe, gocardless: postGoCardless, test: postTest };

  it.each(Object.keys(posts) as (keyof typeof posts)[])(
    "refuse a %s body that is not JSON with 400 invalid-json",
    async (provider) => {
      const response = await posts[provider]("{not json");
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ httpCode: 400, code: "invalid-json" });
    },
  );

  it.each(Object.keys(posts) as (keyof typeof posts)[])(
    "refuse a %s body that is JSON but no webhook with 400",
    async (provider) => {
      for (const body of ["{}", "[]", "null", '"text"', '{"events": "none"}']) {
        const response = await posts[provider](body);
        expect(response.statusCode, `${body}: ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({ code: "invalid-request" });
      }
    },
  );

  it("record a GoCardless event about a payment GoCardless does not know as ignored, and answer 200", async () => {
    const id = `EV${unique()}`;
    const body = JSON.stringify({
      events: [{ id, resource_type: "payments", action: "confirmed", links: { payment: "PM_NOT_THERE" } }],
    });
    const response = await postGoCardless(body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: 1 });
    const [recorded] = await t.database.db.select().from(providerEvents).where(eq(providerEvents.eventId, id));
    expect(recorded?.type).toBe("ignored:payments.confirmed");
    expect(await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, "PM_NOT_THERE"))).toEqual(
      [],
    );
  });

  it("record a Stripe refund of a charge Stripe cannot place as ignored, and answer 200", async () => {
    const id = `evt_${unique()}`;
    const response = await postStripe(
      JSON.stringify({
        id,
        object: "event",
        type: "charge.refunded",
        created: Math.floor(t.clock.now().getTime() / 1000),
        data: {
          object: { id: "ch_x", object: "charge", amount: 100, amount_refunded: 100, payment_intent: "pi_nope" },
        },
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [recorded] = await t.database.db.select().from(providerEvents).where(eq(providerEvents.eventId, id));
    expect(recorded?.type).toBe("ignored:charge.refunded");
  });

  it("apply the good events of a GoCardless batch once, whatever else the batch holds", async () => {
    const contact = await makeContact(t.database.db);
    const customer = `CU${unique()}`;
    const mandate = `MD${unique()}`;
    gocardless.resources.mandates.set(mandate, { id: mandate, status: "active", links: { customer } });
    await t.database.db
      .update(contributions)
      .set({ provider: "gocardless", customerId: customer, mandateId: mandate, paymentMethod: "gc_direct-debit" })
      .where(eq(contributions.contactId, contact.id));
    const paymentId = gocardless.addPayment({
      mandateId: mandate,
      amount: 900,
      status: "confirmed",
      chargeDate: t.clock.now().toISOString().slice(0, 10),
    });
    const good = { id: `EV${unique()}`, resource_type: "payments", action: "confirmed", links: { payment: paymentId } };
    const body = JSON.stringify({
      events: [
        { id: `EV${unique()}`, resource_type: "payments", action: "confirmed", links: { payment: "PM_UNKNOWN" } },
        { resource_type: "payments" },
        "not an event",
        good,
        { id: `EV${unique()}`, resource_type: "payments", action: "confirmed", links: { payment: 7 } },
      ],
    });
    const first = await postGoCardless(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: 5 });
    const again = await postGoCardless(body);
    expect(again.json()).toEqual({ received: 0 });
    const rows = await t.database.db.select().from(payments).where(eq(payments.contactId, contact.id));
    expect(rows).toEqual([
      expect.objectContaining({ providerPaymentId: paymentId, status: "successful", amount: 900 }),
    ]);
  });

  it("apply the good events of a test provider batch once, with a malformed one among them", async () => {
    const eventId = `evt_${unique()}`;
    const good = {
      kind: "payment-refunded",
      eventId,
      providerPaymentId: `pay_${unique()}`,
      chargedMinor: 100,
      refundedMinor: 50,
    };
    const body = JSON.stringify({ events: [{ kind: "payment", eventId: "evt_broken" }, good, 42] });
    const first = await postTest(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: 3 });
    expect((await postTest(body)).json()).toEqual({ received: 0 });
    const [recorded] = await t.database.db.select().from(providerEvents).where(eq(providerEvents.eventId, eventId));
    expect(recorded?.type).toBe("payment-refunded");
  });
});
