import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PREFIX } from "@cohort/common/http";
import { addMonths } from "@cohort/common/contributions";
import type { GoCardlessStandIn } from "@cohort/stand-ins/gocardless";
import type { StripeStandIn } from "@cohort/stand-ins/stripe";
import { contributions, emailOutbox, paymentEpisodes, payments } from "../src/db/schema/index.js";
import { runRecoveryChecks } from "../src/modules/recovery/service.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { closeProviderApp, postStripeEvent, startProviderApp } from "./helpers/provider-app.js";
import { call, sessionCookie, type TestApp } from "./helpers/test-app.js";
import { memberRoleOf, sendWebhook, WEBHOOK_SECRET } from "./helpers/test-checkout.js";

/**
 * Failed renewals (decision 066): the episode each provider's failure opens,
 * its decline reason in a category, retries in any order, the grace period,
 * the reminder decided when it is sent, the update-payment link that needs
 * no login, and the monthly figures.
 */

const STRIPE_WEBHOOK_SECRET = "whsec_cohort_recovery";
const DAY = 86_400_000;

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

/** A member whose monthly contribution the test provider holds, logged in. */
async function testMember() {
  const contact = await makeContact(t.database.db);
  const login = await call(t.app, "POST", "/auth/login", { body: { email: contact.email, password: PASSWORD } });
  const cookie = sessionCookie(login);
  const ids = {
    customerId: `test_cus_${unique()}`,
    mandateId: `test_mandate_${unique()}`,
    subscriptionId: `test_sub_${unique()}`,
  };
  await t.database.db
    .update(contributions)
    .set({ provider: "test", paymentMethod: "s_card", ...ids })
    .where(eq(contributions.contactId, contact.id));
  return { contact, cookie, ...ids };
}

type Member = Awaited<ReturnType<typeof testMember>>;

/** A renewal of the test provider, as its webhook reports it. */
function renewal(who: Member, paymentId: string, fields: Record<string, unknown> = {}) {
  const now = t.clock.now();
  return {
    kind: "payment",
    eventId: `evt_${unique()}`,
    providerPaymentId: paymentId,
    customerId: who.customerId,
    subscriptionId: who.subscriptionId,
    amountMinor: 1000,
    currency: "GBP",
    status: "failed",
    chargeDate: now.toISOString(),
    periodEnd: addMonths(now, 1).toISOString(),
    ...fields,
  };
}

async function deliver(events: unknown[]) {
  const response = await sendWebhook(t, events);
  expect(response.statusCode, response.body).toBe(200);
}

async function episodesOf(contactId: string) {
  return t.database.db.select().from(paymentEpisodes).where(eq(paymentEpisodes.contactId, contactId));
}

async function episodeOf(contactId: string) {
  const [episode] = await episodesOf(contactId);
  if (!episode) throw new Error("no episode");
  return episode;
}

async function emailsOf(contactId: string) {
  const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.contactId, contactId));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

async function templatesOf(contactId: string) {
  return (await emailsOf(contactId)).flatMap((row) => (row.templateId ? [row.templateId] : []));
}

/** The update-payment link the last failure email carries, and its id. */
async function linkOf(contactId: string) {
  const email = (await emailsOf(contactId)).filter((row) => row.templateId === "payment-failed").at(-1);
  const link = email?.mergeFields.UPDATELINK ?? "";
  const id = /\/payment\/update\/([0-9a-f-]{36})/.exec(link)?.[1] ?? "";
  return { link, id };
}

/** The scheduled checks, as the job runs them: in one transaction. */
function runChecks() {
  return t.database.db.transaction((tx) => runRecoveryChecks({ ...t.ctx, db: tx }));
}

describe("a renewal that fails with the test provider", () => {
  it("opens an episode, keeps the membership for the grace period and emails a link built on APP_URL", async () => {
    const who = await testMember();
    const start = t.clock.now();
    await deliver([renewal(who, `pay_${unique()}`, { failure: { reason: "insufficient_funds" } })]);

    const episode = await episodeOf(who.contact.id);
    expect(episode).toMatchObject({ status: "failed", category: "insufficient-funds", reason: "insufficient_funds" });
    expect(episode.graceUntil.getTime()).toBe(start.getTime() + 14 * DAY);
    const role = await memberRoleOf(t, who.contact.id);
    expect(role?.dateExpires?.getTime()).toBeGreaterThanOrEqual(episode.graceUntil.getTime());

    expect(await templatesOf(who.contact.id)).toContain("payment-failed");
    const { link, id } = await linkOf(who.contact.id);
    expect(link.startsWith(`${t.ctx.config.appUrl}/payment/update/`)).toBe(true);
    expect(episode.linkId).toBe(id);
  });

  it("keeps the membership for as many days as the organisation chose", async () => {
    const admin = await makeContact(t.database.db, { roles: ["admin"] });
    const login = await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } });
    const setDays = (days: number) =>
      call(t.app, "PATCH", "/content/payment", { cookie: sessionCookie(login), body: { paymentGraceDays: days } });
    expect((await setDays(5)).statusCode).toBe(200);
    try {
      const who = await testMember();
      const start = t.clock.now();
      await deliver([renewal(who, `pay_${unique()}`, { failure: { reason: "card_expired" } })]);
      expect((await episodeOf(who.contact.id)).graceUntil.getTime()).toBe(start.getTime() + 5 * DAY);
    } finally {
      expect((await setDays(14)).statusCode).toBe(200);
    }
  });

  it("puts each of the provider's reasons in its category", async () => {
    const cases = {
      card_expired: "card-expired",
      insufficient_funds: "insufficient-funds",
      authentication_required: "authentication-needed",
      bank_refused: "bank-refused",
      processing_error: "other",
      something_new: "other",
    };
    const who = await testMember();
    const ids = Object.keys(cases).map(() => `pay_${unique()}`);
    await deliver(Object.keys(cases).map((reason, index) => renewal(who, ids[index] ?? "", { failure: { reason } })));
    const rows = await episodesOf(who.contact.id);
    Object.values(cases).forEach((category, index) => {
      expect(rows.find((row) => row.providerPaymentId === ids[index])?.category).toBe(category);
    });
  });

  it("ends in the same state whatever order its retries, repeats and success arrive in", async () => {
    const events = (who: Member, id: string) => {
      const now = t.clock.now().getTime();
      const first = renewal(who, id, {
        failure: { reason: "card_expired", attempt: 1, reportedAt: new Date(now).toISOString() },
        nextAttemptAt: new Date(now + 3 * DAY).toISOString(),
      });
      const second = renewal(who, id, {
        failure: { reason: "insufficient_funds", attempt: 2, reportedAt: new Date(now + 3 * DAY).toISOString() },
        nextAttemptAt: new Date(now + 5 * DAY).toISOString(),
      });
      return { first, second, paid: renewal(who, id, { status: "successful" }) };
    };
    const inOrder = await testMember();
    const a = events(inOrder, `pay_${unique()}`);
    await deliver([a.first]);
    await deliver([a.second]);
    expect(await episodeOf(inOrder.contact.id)).toMatchObject({
      status: "retried",
      attempts: 2,
      category: "insufficient-funds",
    });
    await deliver([a.paid]);

    const shuffled = await testMember();
    const b = events(shuffled, `pay_${unique()}`);
    await deliver([b.second]);
    await deliver([b.first, b.second]);
    await deliver([b.paid, b.first]);

    for (const who of [inOrder, shuffled]) {
      expect(await episodeOf(who.contact.id)).toMatchObject({
        status: "recovered",
        attempts: 2,
        category: "insufficient-funds",
        reason: "insufficient_funds",
      });
      const told = await templatesOf(who.contact.id);
      expect(told.filter((id) => id === "payment-failed")).toHaveLength(1);
      expect(told.filter((id) => id === "payment-recovered")).toHaveLength(1);
    }
  });

  it("opens no episode and sends nothing for a failure reported after the payment went through", async () => {
    const who = await testMember();
    const id = `pay_${unique()}`;
    await deliver([renewal(who, id, { status: "successful" })]);
    await deliver([renewal(who, id, { failure: { reason: "card_expired" } })]);
    expect(await episodesOf(who.contact.id)).toEqual([]);
    expect(await templatesOf(who.contact.id)).not.toContain("payment-failed");
  });

  it("settles a failure at once, without an email, when a later renewal was already paid", async () => {
    const who = await testMember();
    const failedAt = t.clock.now();
    await deliver([
      renewal(who, `pay_${unique()}`, {
        status: "successful",
        chargeDate: new Date(failedAt.getTime() + DAY).toISOString(),
      }),
    ]);
    await deliver([renewal(who, `pay_${unique()}`, { failure: { reason: "bank_refused" } })]);
    expect(await episodeOf(who.contact.id)).toMatchObject({ status: "recovered" });
    expect(await templatesOf(who.contact.id)).not.toContain("payment-failed");
  });
});

describe("the update-payment link", () => {
  it("shows the failure without a login, sets up a new method, collects the payment and is used up", async () => {
    const who = await stripeMember();
    const invoice = stripe.failRenewal(who.subscriptionId, "expired_card");
    expect((await postStripe("invoice.payment_failed", invoice)).statusCode).toBe(200);
    const { id } = await linkOf(who.contact.id);

    const page = await call(t.app, "GET", `/payment-update/${id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      firstname: who.contact.firstname,
      paymentMethod: "s_card",
      episode: { status: "failed", category: "card-expired", amount: 15 },
    });
    expect(page.body).not.toContain(who.contact.email);

    const completeUrl = `${t.ctx.config.appUrl}/payment/update/${id}/complete`;
    const started = await call(t.app, "PUT", `/payment-update/${id}`, {
      body: { completeUrl, paymentMethod: "s_card" },
    });
    expect(started.statusCode, started.body).toBe(200);
    const setupIntent = started.json<{ clientSecret: string }>().clientSecret.split("_secret_")[0] ?? "";
    // Back before the card was set up: refused, and the link still works for another try.
    const unfinished = await call(t.app, "POST", `/payment-update/${id}/complete`, {
      body: { paymentFlowId: setupIntent },
    });
    expect(unfinished.statusCode, unfinished.body).toBe(400);
    expect((await call(t.app, "GET", `/payment-update/${id}`)).statusCode).toBe(200);
    const card = stripe.addPaymentMethod("card", { last4: "5556", exp_month: 4, exp_year: 2031 });
    stripe.succeedSetupIntent(setupIntent, card.id);
    const done = await call(t.app, "POST", `/payment-update/${id}/complete`, { body: { paymentFlowId: setupIntent } });
    expect(done.statusCode, done.body).toBe(200);
    // Stripe is asked to collect the invoice with the new card; its event ends the episode.
    expect(stripe.invoices.get(invoice.id)?.status).toBe("paid");
    expect((await postStripe("invoice.paid", stripe.invoices.get(invoice.id) ?? {})).statusCode).toBe(200);
    expect(await episodeOf(who.contact.id)).toMatchObject({ status: "recovered" });
    expect(await templatesOf(who.contact.id)).toContain("payment-recovered");

    expect((await call(t.app, "GET", `/payment-update/${id}`)).statusCode).toBe(404);
    const again = await call(t.app, "POST", `/payment-update/${id}/complete`, { body: { paymentFlowId: setupIntent } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: "not-found", httpCode: 404 });
  });

  it("with the test provider, collects the failed payment again at once", async () => {
    const who = await testMember();
    const id = `pay_${unique()}`;
    await deliver([renewal(who, id, { failure: { reason: "card_expired" } })]);
    await t.ctx.payments
      .get("test")
      ?.retryPayment({ providerPaymentId: id, customerId: who.customerId, mandateId: "" });
    expect(await episodeOf(who.contact.id)).toMatchObject({ status: "recovered" });
  });
});

// ------------------------------------------------------------ Stripe

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function postStripe(type: string, object: object) {
  const event = { id: `evt_${unique()}`, object: "event", type, created: seconds(t.clock.now()), data: { object } };
  return postStripeEvent(t, STRIPE_WEBHOOK_SECRET, event);
}

/** A contact whose monthly Stripe subscription the stand-in holds. */
async function stripeMember() {
  const contact = await makeContact(t.database.db);
  const customerId = `cus_${unique()}`;
  const subscriptionId = `sub_${unique()}`;
  const now = seconds(t.clock.now());
  stripe.customers.set(customerId, { id: customerId, object: "customer" });
  stripe.subscriptions.set(subscriptionId, {
    id: subscriptionId,
    object: "subscription",
    customer: customerId,
    status: "active",
    items: {
      object: "list",
      data: [
        {
          id: `si_${unique()}`,
          price: { id: `price_${unique()}`, unit_amount: 1500, currency: "gbp", recurring: { interval: "month" } },
          current_period_start: now,
          current_period_end: now + 30 * 86_400,
        },
      ],
    },
  });
  await t.database.db
    .update(contributions)
    .set({ provider: "stripe", paymentMethod: "s_card", customerId, mandateId: `pm_${unique()}`, subscriptionId })
    .where(eq(contributions.contactId, contact.id));
  return { contact, subscriptionId };
}

describe("a renewal that fails with Stripe", () => {
  it("reads the decline code and Smart Retries' next attempt, in any order, until the invoice is paid", async () => {
    const who = await stripeMember();
    const invoice = stripe.failRenewal(who.subscriptionId, "expired_card");
    const firstFailure = structuredClone(invoice);
    t.clock.advance(1000);
    const retryAt = seconds(t.clock.now()) + 5 * 86_400;
    stripe.failRenewal(who.subscriptionId, "insufficient_funds", {
      invoiceId: invoice.id,
      nextPaymentAttempt: retryAt,
    });
    const secondFailure = structuredClone(invoice);

    // The second attempt's event arrives first; the first one's, late.
    expect((await postStripe("invoice.payment_failed", secondFailure)).statusCode).toBe(200);
    expect((await postStripe("invoice.payment_failed", firstFailure)).statusCode).toBe(200);
    const episode = await episodeOf(who.contact.id);
    expect(episode).toMatchObject({ status: "retried", attempts: 2, category: "insufficient-funds" });
    expect(episode.nextAttemptAt?.getTime()).toBe(retryAt * 1000);
    expect((await templatesOf(who.contact.id)).filter((id) => id === "payment-failed")).toHaveLength(1);

    // Paid with a new card: the provider collects the invoice, and its event ends the episode.
    const collected = await call(t.app, "GET", `/payment-update/${(await linkOf(who.contact.id)).id}`);
    expect(collected.json()).toMatchObject({ episode: { category: "insufficient-funds" } });
    await t.ctx.payments.get("stripe")?.retryPayment({
      providerPaymentId: invoice.id,
      customerId: "",
      mandateId: "pm_new",
    });
    expect(stripe.invoices.get(invoice.id)?.status).toBe("paid");
    expect((await postStripe("invoice.paid", stripe.invoices.get(invoice.id) ?? {})).statusCode).toBe(200);
    expect(await episodeOf(who.contact.id)).toMatchObject({ status: "recovered" });
  });

  it("groups authentication and bank declines", async () => {
    for (const [code, category] of [
      ["authentication_required", "authentication-needed"],
      ["do_not_honor", "bank-refused"],
    ] as const) {
      const who = await stripeMember();
      const invoice = stripe.failRenewal(who.subscriptionId, code);
      expect((await postStripe("invoice.payment_failed", invoice)).statusCode).toBe(200);
      expect(await episodeOf(who.contact.id)).toMatchObject({ category, reason: code });
    }
  });

  it("lapses the episode when Stripe gives up and cancels the subscription", async () => {
    const who = await stripeMember();
    const invoice = stripe.failRenewal(who.subscriptionId, "generic_decline", { nextPaymentAttempt: null });
    expect((await postStripe("invoice.payment_failed", invoice)).statusCode).toBe(200);
    const subscription = stripe.subscriptions.get(who.subscriptionId) ?? {};
    expect(
      (await postStripe("customer.subscription.deleted", { ...subscription, status: "canceled" })).statusCode,
    ).toBe(200);
    expect(await episodeOf(who.contact.id)).toMatchObject({ status: "lapsed", category: "bank-refused" });
  });
});

// ------------------------------------------------------------ GoCardless

async function goCardlessMember() {
  const contact = await makeContact(t.database.db);
  const customerId = `CU${unique().toUpperCase()}`;
  const mandateId = `MD${unique().toUpperCase()}`;
  const subscriptionId = `SB${unique().toUpperCase()}`;
  gocardless.resources.customers.set(customerId, { id: customerId });
  gocardless.resources.mandates.set(mandateId, { id: mandateId, status: "active", links: { customer: customerId } });
  gocardless.resources.subscriptions.set(subscriptionId, {
    id: subscriptionId,
    status: "active",
    interval: 1,
    interval_unit: "monthly",
    links: { mandate: mandateId },
  });
  await t.database.db
    .update(contributions)
    .set({ provider: "gocardless", paymentMethod: "gc_direct-debit", customerId, mandateId, subscriptionId })
    .where(eq(contributions.contactId, contact.id));
  return { contact, mandateId, subscriptionId };
}

/** Posts a GoCardless webhook `times` times (a repeated delivery of the same events). */
async function postGoCardless(events: Parameters<GoCardlessStandIn["webhook"]>[0], times = 1) {
  const { rawBody, headers } = gocardless.webhook(events);
  for (let delivery = 0; delivery < times; delivery++) {
    const response = await t.app.inject({
      method: "POST",
      url: `${API_PREFIX}/webhook/gocardless`,
      payload: rawBody,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

describe("a renewal that fails with GoCardless", () => {
  it("reads the failure cause, follows the resubmission and ends recovered, batches in any order", async () => {
    const who = await goCardlessMember();
    const today = t.clock.now().toISOString().slice(0, 10);
    const paymentId = gocardless.addPayment({
      mandateId: who.mandateId,
      subscriptionId: who.subscriptionId,
      amount: 1200,
      status: "failed",
      chargeDate: today,
    });
    const failed = {
      resource_type: "payments",
      action: "failed",
      links: { payment: paymentId },
      details: { origin: "bank", cause: "insufficient_funds" },
    };
    await postGoCardless([failed], 2);
    expect(await episodeOf(who.contact.id)).toMatchObject({ status: "failed", category: "insufficient-funds" });

    // Retried through the API (as the update link does): GoCardless submits it again with a new charge date.
    await t.ctx.payments
      .get("gocardless")
      ?.retryPayment({ providerPaymentId: paymentId, customerId: "", mandateId: "" });
    const payment = gocardless.resources.payments.get(paymentId);
    expect(payment?.status).toBe("pending_submission");
    const retryDay = new Date(t.clock.now().getTime() + 4 * DAY).toISOString().slice(0, 10);
    Object.assign(payment ?? {}, { charge_date: retryDay });
    await postGoCardless([
      { resource_type: "payments", action: "resubmission_requested", links: { payment: paymentId } },
    ]);
    expect((await episodeOf(who.contact.id)).nextAttemptAt?.toISOString().slice(0, 10)).toBe(retryDay);

    Object.assign(payment ?? {}, { status: "confirmed" });
    await postGoCardless([
      { resource_type: "payments", action: "confirmed", links: { payment: paymentId } },
      { ...failed, details: { origin: "bank", cause: "refer_to_payer" }, created_at: "2000-01-01T00:00:00.000Z" },
    ]);
    expect(await episodeOf(who.contact.id)).toMatchObject({ status: "recovered", category: "insufficient-funds" });
    const told = await templatesOf(who.contact.id);
    expect(told.filter((id) => id === "payment-failed")).toHaveLength(1);
    expect(told).toContain("payment-recovered");
  });

  it("puts a bank's refusal and an expired mandate in their categories", async () => {
    for (const [cause, category] of [
      ["refer_to_payer", "bank-refused"],
      ["mandate_expired", "card-expired"],
    ] as const) {
      const who = await goCardlessMember();
      const paymentId = gocardless.addPayment({
        mandateId: who.mandateId,
        subscriptionId: who.subscriptionId,
        amount: 800,
        status: "failed",
        chargeDate: t.clock.now().toISOString().slice(0, 10),
      });
      await postGoCardless([
        { resource_type: "payments", action: "failed", links: { payment: paymentId }, details: { cause } },
      ]);
      expect(await episodeOf(who.contact.id)).toMatchObject({ category, reason: cause });
    }
  });
});

// ------------------------------------------------------------ who sees what

describe("episodes and figures", () => {
  it("shows members their own episodes and admins anyone's, and counts recovered and lost revenue per month", async () => {
    const who = await testMember();
    const other = await testMember();
    await deliver([renewal(who, `pay_${unique()}`, { failure: { reason: "card_expired" } })]);
    const own = await call(t.app, "GET", "/contact/me/payment-episodes", { cookie: who.cookie });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ items: [{ status: "failed", category: "card-expired" }] });
    const theirs = await call(t.app, "GET", `/contact/${who.contact.id}/payment-episodes`, { cookie: other.cookie });
    // Someone else's contact is refused as the other contact routes refuse it (the reference's 401).
    expect(theirs.statusCode).toBeGreaterThanOrEqual(400);
    expect(theirs.statusCode).toBeLessThan(404);

    const admin = await makeContact(t.database.db, { roles: ["admin"] });
    const login = await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } });
    const cookie = sessionCookie(login);
    const seen = await call(t.app, "GET", `/contact/${who.contact.id}/payment-episodes`, { cookie });
    expect(seen.json()).toMatchObject({ items: [{ status: "failed" }] });
    expect((await call(t.app, "GET", "/stats/recovery", { cookie: who.cookie })).statusCode).toBe(403);

    const month = t.clock.now().toISOString().slice(0, 7);
    const before = await call(t.app, "GET", `/stats/recovery?months=1&until=${month}`, { cookie });
    expect(before.statusCode, before.body).toBe(200);
    const id = (await episodeOf(who.contact.id)).providerPaymentId;
    await deliver([renewal(who, id, { status: "successful" })]);
    const after = await call(t.app, "GET", `/stats/recovery?months=1&until=${month}`, { cookie });
    const [was, now] = [before.json().months[0], after.json().months[0]];
    expect(now.month).toBe(month);
    expect(now.recovered - was.recovered).toBe(10);
    expect(now.recoveredCount - was.recoveredCount).toBe(1);
    const rows = await t.database.db
      .select()
      .from(paymentEpisodes)
      .where(and(eq(paymentEpisodes.contactId, who.contact.id), eq(paymentEpisodes.status, "recovered")));
    expect(rows).toHaveLength(1);
  });
});

// The clock moves on from here: these come last.
describe("reminders and the end of the grace period", () => {
  it("reminds once after the provider's next retry, and lapses the episode when the grace period ends", async () => {
    const who = await testMember();
    const start = t.clock.now().getTime();
    await deliver([
      renewal(who, `pay_${unique()}`, {
        failure: { reason: "insufficient_funds" },
        nextAttemptAt: new Date(start + 12 * DAY).toISOString(),
      }),
    ]);
    t.clock.advance(11.5 * DAY);
    await runChecks();
    expect(await templatesOf(who.contact.id)).not.toContain("payment-reminder");
    t.clock.advance(DAY);
    await runChecks();
    await runChecks();
    const reminders = (await emailsOf(who.contact.id)).filter((row) => row.templateId === "payment-reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.mergeFields.UPDATELINK).toMatch(/\/payment\/update\/[0-9a-f-]{36}$/);
    t.clock.advance(2 * DAY);
    await runChecks();
    expect(await episodeOf(who.contact.id)).toMatchObject({ status: "lapsed" });
  });

  it("still reminds a member whose one-time gift went through after the renewal failed", async () => {
    const who = await testMember();
    await deliver([renewal(who, `pay_${unique()}`, { failure: { reason: "insufficient_funds" } })]);
    // A gift pays for nothing of the contribution (decision 068): the renewal is still owed.
    const now = t.clock.now();
    await t.database.db.insert(payments).values({
      id: randomUUID(),
      contactId: who.contact.id,
      provider: "test",
      providerPaymentId: `test_gift_${unique()}`,
      amount: 500,
      currency: "GBP",
      status: "successful",
      kind: "gift",
      chargeDate: new Date(now.getTime() + DAY),
      createdAt: now,
      updatedAt: now,
    });
    t.clock.advance(12 * DAY);
    await runChecks();
    expect(await templatesOf(who.contact.id)).toContain("payment-reminder");
    expect(await episodeOf(who.contact.id)).toMatchObject({ status: "failed" });
  });

  it("sends no reminder once a success has ended the episode, even one that arrives just before it is due", async () => {
    const who = await testMember();
    const id = `pay_${unique()}`;
    await deliver([renewal(who, id, { failure: { reason: "insufficient_funds" } })]);
    t.clock.advance(12 * DAY);
    await deliver([renewal(who, id, { status: "successful" })]);
    await runChecks();
    expect(await templatesOf(who.contact.id)).not.toContain("payment-reminder");
    expect(await episodeOf(who.contact.id)).toMatchObject({ status: "recovered" });
  });

  it("recovers a lapsed episode when its own payment is collected late", async () => {
    const who = await testMember();
    const id = `pay_${unique()}`;
    await deliver([renewal(who, id, { failure: { reason: "bank_refused" } })]);
    t.clock.advance(15 * DAY);
    await runChecks();
    expect(await episodeOf(who.contact.id)).toMatchObject({ status: "lapsed" });
    await deliver([renewal(who, id, { status: "successful" })]);
    expect(await episodeOf(who.contact.id)).toMatchObject({ status: "recovered" });
  });

  it("refuses unknown ids, other links' ids and links past their grace period", async () => {
    expect((await call(t.app, "GET", `/payment-update/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call(t.app, "GET", "/payment-update/not-a-uuid")).statusCode).toBe(400);
    const who = await testMember();
    await deliver([renewal(who, `pay_${unique()}`, { failure: { reason: "card_expired" } })]);
    const { id } = await linkOf(who.contact.id);
    // A password reset link id is no update-payment link.
    const reset = await call(t.app, "PUT", `/reset-password/${id}`, { body: { password: "Another-pass-42" } });
    expect(reset.statusCode).toBe(400);
    t.clock.advance(15 * DAY);
    expect((await call(t.app, "GET", `/payment-update/${id}`)).statusCode).toBe(404);
  });
});
