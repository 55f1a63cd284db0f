import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contributionInfoSchema } from "@cohort/common/payments";
import { membershipExpiry, paidUntil, paidUntilOf } from "@cohort/common/contributions";
import { and, eq } from "drizzle-orm";
import { emailOutbox } from "../src/db/schema/index.js";
import { updateGeneralContent } from "../src/modules/content/service.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";
import {
  contribute,
  contributionOf,
  emailsTo,
  memberRoleOf,
  paymentsOf,
  WEBHOOK_SECRET,
} from "./helpers/test-checkout.js";

const ONE_MINUTE = 60_000;
const ONE_DAY = 24 * 60 * ONE_MINUTE;

describe("contributions on the test provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TEST_PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET });
  });
  afterAll(() => t.close());

  async function person(roles: ("admin" | "member")[] = []) {
    const contact = await makeContact(t.database.db, { roles });
    return { contact, cookie: await logIn(contact.email) };
  }

  async function logIn(email: string) {
    return sessionCookie(await call(t.app, "POST", "/auth/login", { body: { email, password: PASSWORD } }));
  }

  it("starts a contribution through the checkout page and makes the person a member for one period plus grace", async () => {
    const { contact, cookie } = await person();
    const response = await contribute(t, cookie, "successful", { amount: 12.34 });
    expect(response.statusCode).toBe(200);
    const info = contributionInfoSchema.parse(response.json());
    expect(info).toMatchObject({
      type: "Automatic",
      amount: 12.34,
      period: "monthly",
      payFee: false,
      membershipStatus: "active",
      hasPendingPayment: false,
      paymentSource: { method: "s_card", last4: "4242" },
    });
    const expected = membershipExpiry(paidUntil(t.clock.now(), "monthly")).getTime();
    const role = await memberRoleOf(t, contact.id);
    expect(Math.abs((role?.dateExpires?.getTime() ?? 0) - expected)).toBeLessThan(ONE_MINUTE);
    expect(Math.abs(new Date(info.membershipExpiryDate ?? 0).getTime() - expected)).toBeLessThan(ONE_MINUTE);

    const rows = await paymentsOf(t, contact.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: "test", amount: 1234, status: "successful", currency: "GBP" });
    const listed = await call(t.app, "GET", "/contact/me/payment", { cookie });
    expect(listed.json()).toMatchObject({ total: 1, items: [{ amount: 12.34, status: "successful" }] });
    expect(await emailsTo(t, contact.id)).not.toContain("payment-failed");
  });

  it("charges the fee exactly when the member pays it", async () => {
    const { contact, cookie } = await person();
    const response = await contribute(t, cookie, "successful", { amount: 5, payFee: true, paymentMethod: "s_card" });
    expect(response.statusCode).toBe(200);
    // Card in the UK: 0.20 + 1.5 % of 5.00 (7.5 pence, rounded half up) = 0.28.
    expect((await paymentsOf(t, contact.id))[0]?.amount).toBe(528);
    expect(response.json()).toMatchObject({ amount: 5, payFee: true });
  });

  it("changes nothing when the test payment fails", async () => {
    const { contact, cookie } = await person();
    const response = await contribute(t, cookie, "failed");
    expect(response.statusCode).toBe(400);
    const info = await call(t.app, "GET", "/contact/me/contribution", { cookie });
    expect(info.json()).toMatchObject({ type: "None", membershipStatus: "none" });
    expect(await paymentsOf(t, contact.id)).toHaveLength(0);
    expect(await memberRoleOf(t, contact.id)).toBeUndefined();
  });

  it("blocks changes of amount and payment method while a payment is pending", async () => {
    const { contact, cookie } = await person();
    const response = await contribute(t, cookie, "pending", { amount: 8 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ type: "Automatic", hasPendingPayment: true });
    expect((await paymentsOf(t, contact.id))[0]).toMatchObject({ status: "pending", amount: 800 });

    const patch = await call(t.app, "PATCH", "/contact/me/contribution", {
      cookie,
      body: { amount: 10, period: "monthly", payFee: false },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toMatchObject({ code: "cant-update-contribution" });
    const method = await call(t.app, "PUT", "/contact/me/payment-method", {
      cookie,
      body: { completeUrl: "http://localhost:3000/profile/contribution/payment-method/complete" },
    });
    expect(method.statusCode).toBe(400);
    expect(method.json()).toMatchObject({ code: "cant-update-contribution" });
    const restart = await call(t.app, "POST", "/contact/me/contribution", {
      cookie,
      body: { amount: 9, period: "monthly", payFee: false, paymentMethod: "s_card", completeUrl: "http://localhost/x" },
    });
    expect(restart.statusCode).toBe(400);
  });

  it("changes the amount on the stored method from the next payment and emails the member", async () => {
    const { contact, cookie } = await person();
    await contribute(t, cookie, "successful", { amount: 10 });
    const paidUntil = (await memberRoleOf(t, contact.id))?.dateExpires;
    t.clock.advance(3 * ONE_DAY);
    const patch = await call(t.app, "PATCH", "/contact/me/contribution", {
      cookie,
      body: { amount: 20.05, period: "monthly", payFee: false },
    });
    expect(patch.statusCode).toBe(200);
    // Nothing is charged for the change, so the paid month stays what it was.
    expect(patch.json()).toMatchObject({
      type: "Automatic",
      amount: 10,
      nextAmount: 20.05,
      membershipStatus: "active",
    });
    expect(await paymentsOf(t, contact.id)).toHaveLength(1);
    expect((await memberRoleOf(t, contact.id))?.dateExpires).toEqual(paidUntil);
    expect(await emailsTo(t, contact.id)).toContain("contribution-changed");

    // Going back to the amount paid now leaves nothing waiting.
    const back = await call(t.app, "PATCH", "/contact/me/contribution", {
      cookie,
      body: { amount: 10, period: "monthly", payFee: false },
    });
    expect(back.json()).toMatchObject({ amount: 10 });
    expect(back.json()).not.toHaveProperty("nextAmount");
  });

  it("charges a prorated raise of an annual contribution for the whole months left, without a longer membership", async () => {
    const { contact, cookie } = await person();
    await contribute(t, cookie, "successful", { amount: 120, period: "annually" });
    const paidUntil = (await memberRoleOf(t, contact.id))?.dateExpires;
    // Four months and a bit later: seven whole months are left of the paid year.
    t.clock.advance(4 * 31 * ONE_DAY);
    const patch = await call(t.app, "PATCH", "/contact/me/contribution", {
      cookie: await logIn(contact.email),
      body: { amount: 180, period: "annually", prorate: true },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json()).toMatchObject({ amount: 180, period: "annually" });
    expect(patch.json()).not.toHaveProperty("nextAmount");
    const amounts = (await paymentsOf(t, contact.id)).map((payment) => payment.amount).sort((a, b) => a - b);
    // (180 − 120) / 12 a month for seven months.
    expect(amounts).toEqual([3500, 12000]);
    expect((await memberRoleOf(t, contact.id))?.dateExpires).toEqual(paidUntil);
  });

  it("restarts the billing cycle on a new period, collecting the new period at once", async () => {
    const { contact, cookie } = await person();
    await contribute(t, cookie, "successful", { amount: 10 });
    t.clock.advance(10 * ONE_DAY);
    const patch = await call(t.app, "PATCH", "/contact/me/contribution", {
      cookie: await logIn(contact.email),
      body: { amount: 100, period: "annually" },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json()).toMatchObject({ amount: 100, period: "annually" });
    const amounts = (await paymentsOf(t, contact.id)).map((payment) => payment.amount).sort((a, b) => a - b);
    expect(amounts).toEqual([1000, 10000]);
    const expected = membershipExpiry(paidUntil(t.clock.now(), "annually")).getTime();
    expect(Math.abs(((await memberRoleOf(t, contact.id))?.dateExpires?.getTime() ?? 0) - expected)).toBeLessThan(
      ONE_MINUTE,
    );
  });

  it("refuses an active annual member a switch to monthly", async () => {
    const { cookie } = await person();
    await contribute(t, cookie, "successful", { amount: 120, period: "annually" });
    const patch = await call(t.app, "PATCH", "/contact/me/contribution", {
      cookie,
      body: { amount: 10, period: "monthly", payFee: false },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toMatchObject({ code: "cant-update-contribution" });
  });

  it("cancels: membership kept to the end of the paid time, status expiring, emails sent, no more changes", async () => {
    const { contact, cookie } = await person();
    await contribute(t, cookie, "successful");
    await updateGeneralContent(t.ctx, { supportEmail: "desk@example.org" });
    const before = await memberRoleOf(t, contact.id);
    const cancel = await call(t.app, "POST", "/contact/me/contribution/cancel", { cookie });
    expect(cancel.statusCode).toBe(204);
    const info = await call(t.app, "GET", "/contact/me/contribution", { cookie });
    expect(info.json()).toMatchObject({ type: "Automatic", membershipStatus: "expiring" });
    expect(info.json()).toHaveProperty("cancellationDate");
    expect(info.json()).not.toHaveProperty("renewalDate");
    // The grace period is for failed renewals: a cancelled membership ends with the paid cycle.
    expect((await memberRoleOf(t, contact.id))?.dateExpires).toEqual(paidUntilOf(before!.dateExpires!));
    expect(info.json().membershipExpiryDate).toBe(paidUntilOf(before!.dateExpires!).toISOString());
    expect(await emailsTo(t, contact.id)).toContain("cancelled-contribution");
    const [notice] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.contactId, contact.id), eq(emailOutbox.templateId, "cancelled-member")));
    expect(notice).toMatchObject({ toAddress: "desk@example.org" });
    expect(notice?.mergeFields).toMatchObject({ MEMBERID: contact.id });
    await updateGeneralContent(t.ctx, { supportEmail: "" });
    expect((await contributionOf(t, contact.id))?.subscriptionId).toBeNull();
    const again = await call(t.app, "POST", "/contact/me/contribution/cancel", { cookie });
    expect(again.statusCode).toBe(400);
  });

  it("after cancelling, refuses a change on the released method and restarts through a new payment method", async () => {
    const { contact, cookie } = await person();
    await contribute(t, cookie, "successful", { amount: 10 });
    expect((await call(t.app, "POST", "/contact/me/contribution/cancel", { cookie })).statusCode).toBe(204);
    const patch = await call(t.app, "PATCH", "/contact/me/contribution", {
      cookie,
      body: { amount: 12, period: "monthly", payFee: false },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toMatchObject({ code: "cant-update-contribution", subCode: "no-payment-method" });

    const restarted = await contribute(t, cookie, "successful", { amount: 12 });
    expect(restarted.statusCode).toBe(200);
    expect(restarted.json()).toMatchObject({ type: "Automatic", amount: 12, membershipStatus: "active" });
    expect(restarted.json()).not.toHaveProperty("cancellationDate");
    expect((await contributionOf(t, contact.id))?.mandateId).toBeTruthy();
  });

  it("replaces the payment method through a new flow", async () => {
    const { cookie } = await person();
    await contribute(t, cookie, "successful");
    const missing = await person();
    const none = await call(t.app, "PUT", "/contact/me/payment-method", {
      cookie: missing.cookie,
      body: { completeUrl: "http://localhost:3000/done" },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: "no-payment-method" });

    const start = await call(t.app, "PUT", "/contact/me/payment-method", {
      cookie,
      body: { completeUrl: "http://localhost:3000/done", paymentMethod: "s_ideal" },
    });
    expect(start.statusCode).toBe(200);
    const path = new URL(start.json<{ redirectUrl: string }>().redirectUrl).pathname;
    const posted = await t.app.inject({
      method: "POST",
      url: path,
      payload: "outcome=successful",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const flowId = new URL(String(posted.headers.location)).searchParams.get("redirect_flow_id");
    const done = await call(t.app, "POST", "/contact/me/payment-method/complete", {
      cookie,
      body: { paymentFlowId: flowId },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ type: "Automatic", paymentSource: { method: "s_sepa", last4: "3000" } });
    const twice = await call(t.app, "POST", "/contact/me/payment-method/complete", {
      cookie,
      body: { paymentFlowId: flowId },
    });
    expect(twice.statusCode).toBe(404);
  });

  it("lets admins force a manual contribution, except over a running automatic one", async () => {
    const admin = await person(["admin"]);
    const { contact } = await person();
    const forced = await call(t.app, "PATCH", `/contact/${contact.id}/contribution/force`, {
      cookie: admin.cookie,
      body: { type: "Manual", amount: 12.34, period: "monthly", source: "Standing order", reference: "SO-1" },
    });
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toMatchObject({
      type: "Manual",
      amount: 12.34,
      period: "monthly",
      paymentSource: { method: null, source: "Standing order", reference: "SO-1" },
    });

    const automatic = await person();
    await contribute(t, automatic.cookie, "successful");
    const refused = await call(t.app, "PATCH", `/contact/${automatic.contact.id}/contribution/force`, {
      cookie: admin.cookie,
      body: { type: "None" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "cant-update-contribution" });
  });

  it("moves a manual contributor to automatic with its email, and admins may act for a contact", async () => {
    const admin = await person(["admin"]);
    const { contact, cookie } = await person();
    await call(t.app, "PATCH", `/contact/${contact.id}/contribution/force`, {
      cookie: admin.cookie,
      body: { type: "Manual", amount: 3, period: "monthly" },
    });
    const response = await contribute(t, cookie, "successful", { amount: 4 });
    expect(response.statusCode).toBe(200);
    expect(await emailsTo(t, contact.id)).toContain("manual-to-automatic");
    const asAdmin = await call(t.app, "GET", `/contact/${contact.id}/contribution`, { cookie: admin.cookie });
    expect(asAdmin.json()).toMatchObject({ type: "Automatic", amount: 4 });
  });

  it("refuses members the admin call and other members' contributions and payments", async () => {
    const member = await person();
    const other = await person();
    const force = await call(t.app, "PATCH", `/contact/${other.contact.id}/contribution/force`, {
      cookie: member.cookie,
      body: { type: "None" },
    });
    expect(force.statusCode).toBe(403);
    for (const path of ["contribution", "payment"]) {
      const response = await call(t.app, "GET", `/contact/${other.contact.id}/${path}`, { cookie: member.cookie });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(404);
    }
    const cancel = await call(t.app, "POST", `/contact/${other.contact.id}/contribution/cancel`, {
      cookie: member.cookie,
    });
    expect(cancel.statusCode).toBe(401);
    const anonymous = await call(t.app, "GET", "/contact/me/contribution");
    expect(anonymous.statusCode).toBe(401);
  });

  it("rejects amounts with more than two decimals and keeps two-decimal amounts exact", async () => {
    const { cookie } = await person();
    const bad = await call(t.app, "POST", "/contact/me/contribution", {
      cookie,
      body: {
        amount: 12.345,
        period: "monthly",
        payFee: false,
        paymentMethod: "s_card",
        completeUrl: "http://localhost/x",
      },
    });
    expect(bad.statusCode).toBe(400);
    const cases: [number, number][] = [
      [19.99, 1999],
      [1.1, 110],
      [2.3, 230],
      [4.35, 435],
    ];
    for (const [amount, minor] of cases) {
      const fresh = await person();
      const response = await contribute(t, fresh.cookie, "successful", { amount });
      expect(response.json<{ amount: number }>().amount).toBe(amount);
      expect((await paymentsOf(t, fresh.contact.id))[0]?.amount).toBe(minor);
      const listed = await call(t.app, "GET", "/payment", { cookie: fresh.cookie });
      expect(listed.json()).toMatchObject({ items: [{ amount }] });
    }
  });
});
