import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerEvents, payments } from "../src/db/schema/index.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";
import {
  contribute,
  contributionOf,
  emailsTo,
  memberRoleOf,
  paymentsOf,
  sendWebhook,
  WEBHOOK_SECRET,
} from "./helpers/test-checkout.js";

const DAY = 86_400_000;

describe("provider events and the payment list", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ TEST_PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET });
    admin = (await person(["admin"])).cookie;
  });
  afterAll(() => t.close());

  async function person(roles: ("admin" | "member")[] = []) {
    const contact = await makeContact(t.database.db, { roles });
    const login = await call(t.app, "POST", "/auth/login", { body: { email: contact.email, password: PASSWORD } });
    return { contact, cookie: sessionCookie(login) };
  }

  /** A contributing member and their provider ids. */
  async function contributor(outcome: "successful" | "pending" = "successful") {
    const who = await person();
    expect((await contribute(t, who.cookie, outcome)).statusCode).toBe(200);
    const contribution = await contributionOf(t, who.contact.id);
    return { ...who, customerId: contribution?.customerId ?? "", subscriptionId: contribution?.subscriptionId ?? null };
  }

  function paymentEvent(
    who: { customerId: string; subscriptionId: string | null },
    overrides: Record<string, unknown> = {},
  ): Record<string, unknown> {
    const now = t.clock.now();
    return {
      kind: "payment",
      eventId: `evt_${Math.random().toString(36).slice(2)}`,
      providerPaymentId: `pay_${Math.random().toString(36).slice(2)}`,
      customerId: who.customerId,
      subscriptionId: who.subscriptionId,
      amountMinor: 1234,
      currency: "GBP",
      status: "successful",
      chargeDate: now.toISOString(),
      periodEnd: new Date(now.getTime() + 60 * DAY).toISOString(),
      ...overrides,
    };
  }

  it("applies a repeated delivery once: one payment, one extension", async () => {
    const who = await contributor();
    const event = paymentEvent(who);
    const first = await sendWebhook(t, [event]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: 1 });
    const expiry = (await memberRoleOf(t, who.contact.id))?.dateExpires;
    const again = await sendWebhook(t, [event, event]);
    expect(again.json()).toEqual({ received: 0 });
    const rows = (await paymentsOf(t, who.contact.id)).filter(
      (row) => row.providerPaymentId === event.providerPaymentId,
    );
    expect(rows).toHaveLength(1);
    expect((await memberRoleOf(t, who.contact.id))?.dateExpires).toEqual(expiry);
    // 60 days paid plus 7 days of grace.
    expect(expiry?.getTime()).toBeGreaterThan(t.clock.now().getTime() + 66 * DAY);
  });

  it("a payment reported after a cancellation pays to the end of its period, without grace", async () => {
    const who = await contributor();
    expect((await call(t.app, "POST", "/contact/me/contribution/cancel", { cookie: who.cookie })).statusCode).toBe(204);
    const event = paymentEvent(who);
    expect((await sendWebhook(t, [event])).json()).toEqual({ received: 1 });
    // The same end as when the cancellation comes after the payment: the paid time, no more.
    expect((await memberRoleOf(t, who.contact.id))?.dateExpires?.toISOString()).toBe(event.periodEnd);
  });

  it("keeps a successful payment successful when a late pending event arrives", async () => {
    const who = await contributor();
    const providerPaymentId = "pay_out_of_order";
    await sendWebhook(t, [paymentEvent(who, { providerPaymentId, status: "successful" })]);
    const late = await sendWebhook(t, [paymentEvent(who, { providerPaymentId, status: "pending" })]);
    expect(late.json()).toEqual({ received: 1 });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
    expect(row?.status).toBe("successful");
  });

  it("records a settled chargeback of a successful payment, but not an unsettled late failure", async () => {
    const who = await contributor();
    const paymentOf = async (providerPaymentId: string) =>
      (await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)))[0];
    await sendWebhook(t, [paymentEvent(who, { providerPaymentId: "pay_kept" })]);
    await sendWebhook(t, [paymentEvent(who, { providerPaymentId: "pay_kept", status: "failed" })]);
    expect((await paymentOf("pay_kept"))?.status).toBe("successful");

    await sendWebhook(t, [paymentEvent(who, { providerPaymentId: "pay_charged_back" })]);
    const expiry = (await memberRoleOf(t, who.contact.id))?.dateExpires;
    await sendWebhook(t, [
      paymentEvent(who, { providerPaymentId: "pay_charged_back", status: "cancelled", isSettled: true }),
    ]);
    expect((await paymentOf("pay_charged_back"))?.status).toBe("cancelled");
    expect((await memberRoleOf(t, who.contact.id))?.dateExpires).toEqual(expiry);
  });

  it("lowers a payment by its refunds, cancels it when all is refunded, in any order and once", async () => {
    const who = await contributor();
    const providerPaymentId = "pay_refunded";
    await sendWebhook(t, [paymentEvent(who, { providerPaymentId, amountMinor: 2000 })]);
    const refund = (refundedMinor: number) => ({
      kind: "payment-refunded",
      eventId: `evt_refund_${refundedMinor}`,
      providerPaymentId,
      chargedMinor: 2000,
      refundedMinor,
    });
    const stored = async () =>
      (await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)))[0];

    await sendWebhook(t, [refund(1500)]);
    expect(await stored()).toMatchObject({ amount: 500, status: "successful" });
    // An earlier, smaller refund arriving late changes nothing; a repeat is ignored.
    await sendWebhook(t, [refund(500), refund(1500)]);
    expect(await stored()).toMatchObject({ amount: 500, status: "successful" });
    await sendWebhook(t, [refund(2000)]);
    expect(await stored()).toMatchObject({ amount: 0, status: "cancelled" });
    const unknown = await sendWebhook(t, [{ ...refund(10), eventId: "evt_unknown", providerPaymentId: "pay_nope" }]);
    expect(unknown.json()).toEqual({ received: 1 });
  });

  it("moves a pending payment forward, which lifts the pending rule", async () => {
    const who = await contributor("pending");
    const [pending] = await paymentsOf(t, who.contact.id);
    expect(pending?.status).toBe("pending");
    await sendWebhook(t, [paymentEvent(who, { providerPaymentId: pending?.providerPaymentId, status: "successful" })]);
    expect((await paymentsOf(t, who.contact.id))[0]?.status).toBe("successful");
    const patch = await call(t.app, "PATCH", "/contact/me/contribution", {
      cookie: who.cookie,
      body: { amount: 15, period: "monthly", payFee: false },
    });
    expect(patch.statusCode).toBe(200);
  });

  it("never shortens the membership with an earlier period", async () => {
    const who = await contributor();
    const before = (await memberRoleOf(t, who.contact.id))?.dateExpires;
    await sendWebhook(t, [paymentEvent(who, { periodEnd: new Date(t.clock.now().getTime() + DAY).toISOString() })]);
    expect((await memberRoleOf(t, who.contact.id))?.dateExpires).toEqual(before);
  });

  it("emails the payer about a failed payment", async () => {
    const who = await contributor();
    await sendWebhook(t, [paymentEvent(who, { status: "failed" })]);
    expect(await emailsTo(t, who.contact.id)).toContain("payment-failed");
  });

  it("cancels the contribution when the provider cancels the subscription", async () => {
    const who = await contributor();
    const response = await sendWebhook(t, [
      {
        kind: "subscription-cancelled",
        eventId: "evt_sub_cancel",
        customerId: who.customerId,
        subscriptionId: who.subscriptionId,
      },
    ]);
    expect(response.statusCode).toBe(200);
    const info = await call(t.app, "GET", "/contact/me/contribution", { cookie: who.cookie });
    expect(info.json()).toMatchObject({ membershipStatus: "expiring" });
  });

  it("refuses a bad signature and changes nothing", async () => {
    const who = await contributor();
    const event = paymentEvent(who, { eventId: "evt_forged" });
    const forged = await sendWebhook(t, [event], "sha256=0000");
    expect(forged.statusCode).toBe(400);
    const wrongKey = await sendWebhook(t, [event], `sha256=${"ab".repeat(32)}`);
    expect(wrongKey.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/api/1.0/webhook/test",
      payload: JSON.stringify({ events: [event] }),
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await paymentsOf(t, who.contact.id)).toHaveLength(1);
    const recorded = await t.database.db.select().from(providerEvents).where(eq(providerEvents.eventId, "evt_forged"));
    expect(recorded).toHaveLength(0);
    const unknown = await t.app.inject({ method: "POST", url: "/api/1.0/webhook/nowhere", payload: "{}" });
    expect(unknown.statusCode).toBe(404);
  });

  it("lists payments: admins everyone's with filters, members only their own", async () => {
    const first = await contributor();
    const second = await contributor();
    await sendWebhook(t, [paymentEvent(second, { amountMinor: 5000, status: "failed" })]);

    const mine = await call(t.app, "GET", "/payment", { cookie: first.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ total: 1, items: [{ amount: 12.34, status: "successful" }] });

    const rules = (value: object) => encodeURIComponent(JSON.stringify(value));
    const failed = await call(
      t.app,
      "GET",
      `/payment?rules=${rules({
        condition: "AND",
        rules: [
          { field: "status", operator: "equal", value: ["failed"] },
          { field: "contact", operator: "equal", value: [second.contact.id] },
        ],
      })}&with[]=contact`,
      { cookie: admin },
    );
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({
      total: 1,
      items: [{ amount: 50, status: "failed", contact: { id: second.contact.id } }],
    });
    const large = await call(
      t.app,
      "GET",
      `/payment?rules=${rules({ condition: "AND", rules: [{ field: "amount", operator: "greater", value: [49.99] }] })}`,
      { cookie: admin },
    );
    expect(large.json<{ items: { amount: number }[] }>().items.every((item) => item.amount > 49.99)).toBe(true);
    expect(large.json<{ total: number }>().total).toBeGreaterThanOrEqual(1);

    const all = await call(t.app, "GET", "/payment?limit=100&sort=amount&order=DESC", { cookie: admin });
    expect(all.json<{ total: number }>().total).toBeGreaterThanOrEqual(3);
    const bad = await call(
      t.app,
      "GET",
      `/payment?rules=${rules({ condition: "AND", rules: [{ field: "nope", operator: "equal", value: ["x"] }] })}`,
      { cookie: admin },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "invalid-rule" });

    const ofContact = await call(t.app, "GET", `/contact/${second.contact.id}/payment`, { cookie: admin });
    expect(ofContact.json()).toMatchObject({ total: 2 });
    const anonymous = await call(t.app, "GET", "/payment");
    expect(anonymous.statusCode).toBe(401);
  });

  it("totals the payments matching the rules by status, exactly, for admins only", async () => {
    const payer = await contributor();
    await sendWebhook(t, [
      paymentEvent(payer, { amountMinor: 1001 }),
      paymentEvent(payer, { amountMinor: 2, status: "failed" }),
      paymentEvent(payer, { amountMinor: 7, status: "pending" }),
    ]);
    const onlyPayer = encodeURIComponent(
      JSON.stringify({ condition: "AND", rules: [{ field: "contact", operator: "equal", value: [payer.contact.id] }] }),
    );
    const totals = await call(t.app, "GET", `/payment/totals?rules=${onlyPayer}`, { cookie: admin });
    expect(totals.statusCode).toBe(200);
    // 12.34 from the checkout plus 10.01: 22.35, summed in minor units.
    expect(totals.json()).toEqual({
      total: 4,
      byStatus: {
        draft: { count: 0, amount: 0 },
        pending: { count: 1, amount: 0.07 },
        successful: { count: 2, amount: 22.35 },
        failed: { count: 1, amount: 0.02 },
        cancelled: { count: 0, amount: 0 },
      },
    });
    const everyone = await call(t.app, "GET", "/payment/totals", { cookie: admin });
    expect(everyone.json<{ total: number }>().total).toBeGreaterThan(4);
    expect((await call(t.app, "GET", "/payment/totals", { cookie: payer.cookie })).statusCode).toBe(403);
    expect((await call(t.app, "GET", "/payment/totals")).statusCode).toBe(403);
  });

  it("shows one payment by id to its payer and admins only", async () => {
    const owner = await contributor();
    const stranger = await person();
    const [row] = await paymentsOf(t, owner.contact.id);
    const own = await call(t.app, "GET", `/payment/${row?.id}?with=contact`, { cookie: owner.cookie });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      id: row?.id,
      amount: 12.34,
      status: "successful",
      contact: { id: owner.contact.id },
    });
    const asAdmin = await call(t.app, "GET", `/payment/${row?.id}`, { cookie: admin });
    expect(asAdmin.statusCode).toBe(200);
    const hidden = await call(t.app, "GET", `/payment/${row?.id}`, { cookie: stranger.cookie });
    expect(hidden.statusCode).toBe(404);
  });

  it("cancels the contribution when the provider cancels the mandate", async () => {
    const who = await contributor();
    const mandateId = (await contributionOf(t, who.contact.id))?.mandateId;
    await sendWebhook(t, [
      { kind: "mandate-cancelled", eventId: "evt_mandate", customerId: who.customerId, mandateId },
    ]);
    const row = await contributionOf(t, who.contact.id);
    expect(row?.cancelledAt).not.toBeNull();
    expect(row?.mandateId).toBeNull();
  });
});
