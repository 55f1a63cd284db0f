import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GoCardlessStandIn } from "@cohort/stand-ins/gocardless";
import type { StandInObject, StripeStandIn } from "@cohort/stand-ins/stripe";
import { contactTagAssignments, contactTags, contacts, payments } from "../src/db/schema/index.js";
import { loginAs } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { closeProviderApp, startProviderApp } from "./helpers/provider-app.js";
import { call, type TestApp } from "./helpers/test-app.js";

const STRIPE_WEBHOOK_SECRET = "whsec_cohort_gifts_test";
const completeUrl = "http://localhost:3000/donate/complete";

let t: TestApp;
let stripe: StripeStandIn;
let gocardless: GoCardlessStandIn;

beforeAll(async () => {
  ({ t, stripe, gocardless } = await startProviderApp(STRIPE_WEBHOOK_SECRET));
  const admin = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] }));
  const saved = await call(t.app, "PATCH", "/content/join", { cookie: admin, body: { giftEnabled: true } });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => closeProviderApp({ t, stripe, gocardless }));

const uniqueEmail = (name: string) => `${name}.${crypto.randomUUID().slice(0, 8)}@example.org`;

/** Starts a gift by card and answers its payment intent at the stand-in. */
async function startGift(email: string, amount: number): Promise<StandInObject> {
  const started = await call(t.app, "POST", "/gift", { body: { email, amount, firstname: "Sam", completeUrl } });
  expect(started.statusCode, started.body).toBe(200);
  const { clientSecret } = started.json<{ clientSecret: string }>();
  const intent = [...stripe.paymentIntents.values()].find((entry) => entry.client_secret === clientSecret);
  expect(intent).toMatchObject({ amount: amount * 100, currency: "gbp", metadata: { kind: "gift" } });
  return intent!;
}

/** Delivers a signed Stripe event about an object (a payment intent as it now is, a charge). */
async function deliver(eventId: string, type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({ id: eventId, object: "event", type, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: STRIPE_WEBHOOK_SECRET,
    timestamp: Math.floor(t.clock.now().getTime() / 1000),
  });
  const response = await t.app.inject({
    method: "POST",
    url: "/api/1.0/webhook/stripe",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function giftsOf(email: string) {
  return t.database.db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(contacts, eq(contacts.id, payments.contactId))
    .where(eq(contacts.email, email));
}

describe("one-time gifts by card through Stripe", () => {
  it("are a payment intent in payment mode; nothing is recorded before it is paid", async () => {
    const email = uniqueEmail("unpaid");
    const intent = await startGift(email, 15);
    const complete = await call(t.app, "POST", "/gift/complete", { body: { paymentFlowId: intent.id } });
    expect(complete.statusCode).toBe(400);
    await deliver(`evt_failed_${intent.id}`, "payment_intent.payment_failed", intent);
    expect(await t.database.db.select().from(contacts).where(eq(contacts.email, email))).toHaveLength(0);
  });

  it("make one payment and one Donor contact however often and in whatever order Stripe reports them", async () => {
    const email = uniqueEmail("card");
    const intent = await startGift(email, 20);
    const paid = stripe.succeedPaymentIntent(intent.id);
    const processing = { ...paid, status: "processing" };

    // The webhook comes first, twice, and a late `processing` after it; then the giver is back.
    await deliver(`evt_ok_${intent.id}`, "payment_intent.succeeded", paid);
    await deliver(`evt_ok_${intent.id}`, "payment_intent.succeeded", paid);
    await deliver(`evt_late_${intent.id}`, "payment_intent.processing", processing);
    const complete = await call(t.app, "POST", "/gift/complete", { body: { paymentFlowId: intent.id } });
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json()).toMatchObject({ amount: 20, status: "successful" });

    const people = await t.database.db.select().from(contacts).where(eq(contacts.email, email));
    expect(people).toHaveLength(1);
    expect(people[0]).toMatchObject({ firstname: "Sam", contributionType: "None" });
    const gifts = await giftsOf(email);
    expect(gifts.map(({ payment }) => [payment.provider, payment.kind, payment.amount, payment.status])).toEqual([
      ["stripe", "gift", 2000, "successful"],
    ]);
    const tags = await t.database.db
      .select({ name: contactTags.name })
      .from(contactTagAssignments)
      .innerJoin(contactTags, eq(contactTags.id, contactTagAssignments.tagId))
      .where(eq(contactTagAssignments.contactId, people[0]!.id));
    expect(tags.map((tag) => tag.name)).toEqual(["Donor"]);
  });

  it("record a refund of the gift's charge on the gift", async () => {
    const email = uniqueEmail("refunded");
    const intent = stripe.succeedPaymentIntent((await startGift(email, 30)).id);
    expect((await call(t.app, "POST", "/gift/complete", { body: { paymentFlowId: intent.id } })).statusCode).toBe(200);
    const charge = {
      id: String(intent.latest_charge),
      object: "charge",
      amount: 3000,
      amount_refunded: 1000,
      payment_intent: intent.id,
    };
    await deliver(`evt_refund_${intent.id}`, "charge.refunded", charge);
    const gifts = await giftsOf(email);
    expect(gifts.map(({ payment }) => [payment.amount, payment.amountRefunded])).toEqual([[2000, 1000]]);
  });
});
