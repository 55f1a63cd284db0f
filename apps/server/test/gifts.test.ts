import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contactRoles,
  contactTagAssignments,
  contactTags,
  contacts,
  emailOutbox,
  paymentFlows,
  payments,
} from "../src/db/schema/index.js";
import { loginAs } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { pdfText } from "./helpers/pdf-text.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";
import { postCheckoutOutcome, sendWebhook, WEBHOOK_SECRET } from "./helpers/test-checkout.js";

const completeUrl = "http://localhost:3000/donate/complete";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ TEST_PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET });
  admin = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] }));
});
afterAll(() => t.close());

const uniqueEmail = (name: string) => `${name}.${crypto.randomUUID().slice(0, 8)}@example.org`;
const rulesQuery = (rules: unknown[]) => `rules=${encodeURIComponent(JSON.stringify({ condition: "AND", rules }))}`;

async function startGift(body: Record<string, unknown>) {
  return call(t.app, "POST", "/gift", { body: { completeUrl, ...body } });
}

/** Pays (or fails) at the test checkout; answers the provider flow id of the return link. */
async function checkout(redirectUrl: string, outcome: "successful" | "failed"): Promise<string> {
  const back = await postCheckoutOutcome(t, new URL(redirectUrl).pathname, outcome);
  expect(`${back.origin}${back.pathname}`).toBe(completeUrl);
  return back.searchParams.get("redirect_flow_id") ?? "";
}

async function give(email: string, amount: number, extra: Record<string, unknown> = {}): Promise<string> {
  const started = await startGift({ email, amount, ...extra });
  expect(started.statusCode, started.body).toBe(200);
  return checkout(started.json<{ redirectUrl: string }>().redirectUrl, "successful");
}

async function giftPaymentsOf(email: string) {
  return t.database.db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(contacts, eq(contacts.id, payments.contactId))
    .where(eq(contacts.email, email));
}

/** The thanks each address was emailed for its gifts, oldest first. */
async function thanksTo(email: string) {
  const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.templateId, "gift-thanks"));
  return rows.filter((row) => row.toAddress.toLowerCase() === email.toLowerCase());
}

async function tagsOf(contactId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ name: contactTags.name })
    .from(contactTagAssignments)
    .innerJoin(contactTags, eq(contactTags.id, contactTagAssignments.tagId))
    .where(eq(contactTagAssignments.contactId, contactId));
  return rows.map((row) => row.name);
}

describe("one-time gifts through the test provider", () => {
  it("are refused until the membership builder offers them", async () => {
    const refused = await startGift({ email: uniqueEmail("early"), amount: 10 });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: "not-found" });

    const saved = await call(t.app, "PATCH", "/content/join", {
      cookie: admin,
      body: {
        giftEnabled: true,
        giftAmounts: [5, 20],
        giftMinAmount: 3,
        giftIntro: '<p>Keep us <b>going</b><img src="x" onerror="alert(1)"></p>',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const content = await call(t.app, "GET", "/content/join");
    expect(content.json()).toMatchObject({ giftEnabled: true, giftAmounts: [5, 20], giftMinAmount: 3 });
    // The intro went through the one sanitiser.
    expect(content.json<{ giftIntro: string }>().giftIntro).not.toContain("onerror");
    expect(content.json<{ giftIntro: string }>().giftIntro).toContain("<b>going</b>");

    const belowPresets = await call(t.app, "PATCH", "/content/join", { cookie: admin, body: { giftAmounts: [2] } });
    expect(belowPresets.statusCode).toBe(400);
  });

  it("takes no gift below the minimum, nor one returning off the site", async () => {
    const small = await startGift({ email: uniqueEmail("small"), amount: 2.5 });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({ code: "invalid-request" });
    const away = await startGift({ email: uniqueEmail("away"), amount: 5, completeUrl: "https://evil.example/x" });
    expect(away.statusCode).toBe(400);
    expect(away.json()).toMatchObject({ code: "untrusted-url" });
    expect(await t.database.db.select().from(paymentFlows).where(eq(paymentFlows.purpose, "gift"))).toHaveLength(0);
  });

  it("makes the giver a Donor contact without a membership, with one gift payment and its receipt", async () => {
    const email = uniqueEmail("giver");
    const flowId = await give(email, 12.5, { firstname: "Grace", lastname: "Giver", locale: "de" });

    const complete = await call(t.app, "POST", "/gift/complete", { body: { paymentFlowId: flowId } });
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json()).toMatchObject({ amount: 12.5, status: "successful", currency: "GBP" });
    // Coming back twice (a reload) changes nothing and answers the same receipt.
    const again = await call(t.app, "POST", "/gift/complete", { body: { paymentFlowId: flowId } });
    expect(again.json()).toEqual(complete.json());

    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.email, email));
    expect(contact).toMatchObject({ firstname: "Grace", lastname: "Giver", contributionType: "None", locale: "de" });
    expect(contact?.passwordHash).toBeNull();
    expect(await t.database.db.select().from(contactRoles).where(eq(contactRoles.contactId, contact!.id))).toEqual([]);
    expect(await tagsOf(contact!.id)).toEqual(["Donor"]);
    const paid = await giftPaymentsOf(email);
    expect(paid.map(({ payment }) => [payment.kind, payment.amount, payment.status])).toEqual([
      ["gift", 1250, "successful"],
    ]);
    // Thanked once, in the giver's language, with the receipt's number and a link on the site.
    const [thanks, ...more] = await thanksTo(email);
    expect(more).toEqual([]);
    expect(thanks?.subject).toContain("Spende");
    expect(thanks?.textBody).toContain(complete.json<{ receiptNumber: string }>().receiptNumber);
    expect(thanks?.textBody).toMatch(/12,50\s?£/);
    expect(thanks?.textBody).toContain("http://localhost:3000/auth/login");

    const receipt = await call(t.app, "GET", `/gift/${flowId}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers["content-type"]).toBe("application/pdf");
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // The link works for the week the giver may come back in; then their account has it.
    t.clock.advance(8 * 86_400_000);
    expect((await call(t.app, "GET", `/gift/${flowId}/receipt`)).statusCode).toBe(404);
    t.clock.advance(-8 * 86_400_000);
  });

  it("matches a returning contact by address and leaves their details as they are", async () => {
    const member = await makeContact(t.database.db, { firstname: "Mia", lastname: "Member", roles: ["member"] });
    const flowId = await give(member.email.toUpperCase(), 5, { firstname: "Someone", lastname: "Else" });
    expect((await call(t.app, "POST", "/gift/complete", { body: { paymentFlowId: flowId } })).statusCode).toBe(200);

    const same = await t.database.db.select().from(contacts).where(eq(contacts.id, member.id));
    expect(same[0]).toMatchObject({ firstname: "Mia", lastname: "Member", email: member.email });
    expect(await t.database.db.select().from(contacts).where(eq(contacts.email, member.email))).toHaveLength(1);
    expect(await tagsOf(member.id)).toContain("Donor");
    // The receipt behind the public link names the giver as they named themselves, never the stored contact.
    const receipt = await call(t.app, "GET", `/gift/${flowId}/receipt`);
    expect(receipt.statusCode).toBe(200);
    const text = await pdfText(receipt.rawPayload);
    expect(text).toContain("Someone Else");
    expect(text).not.toContain("Mia Member");
  });

  it("makes no contact and no payment for a failed checkout", async () => {
    const email = uniqueEmail("declined");
    const started = await startGift({ email, amount: 5 });
    const flowId = await checkout(started.json<{ redirectUrl: string }>().redirectUrl, "failed");
    const complete = await call(t.app, "POST", "/gift/complete", { body: { paymentFlowId: flowId } });
    expect(complete.statusCode).toBe(400);
    expect(await t.database.db.select().from(contacts).where(eq(contacts.email, email))).toHaveLength(0);
    expect(await thanksTo(email)).toEqual([]);
    expect((await call(t.app, "GET", `/gift/${flowId}/receipt`)).statusCode).toBe(400);
    expect((await call(t.app, "POST", "/gift/complete", { body: { paymentFlowId: "unknown" } })).statusCode).toBe(404);
  });

  it("applies the provider's event, twice and before the giver is back, as one payment and one contact", async () => {
    const email = uniqueEmail("webhook");
    const flowId = await give(email, 7);
    const event = {
      kind: "payment",
      eventId: `evt_${flowId}`,
      providerPaymentId: `test_gift_${flowId}`,
      customerId: `test_cus_${flowId}`,
      subscriptionId: null,
      amountMinor: 700,
      currency: "GBP",
      status: "successful",
      chargeDate: t.clock.now().toISOString(),
      periodEnd: null,
      giftFlowId: flowId,
    };
    const pending = { ...event, eventId: `evt_${flowId}_pending`, status: "pending" };
    const deliver = (events: unknown[]) => sendWebhook(t, events);
    expect((await deliver([event])).statusCode).toBe(200);
    expect((await deliver([event, pending])).statusCode).toBe(200);
    expect((await call(t.app, "POST", "/gift/complete", { body: { paymentFlowId: flowId } })).statusCode).toBe(200);

    expect(await t.database.db.select().from(contacts).where(eq(contacts.email, email))).toHaveLength(1);
    const paid = await giftPaymentsOf(email);
    expect(paid.map(({ payment }) => [payment.kind, payment.amount, payment.status])).toEqual([
      ["gift", 700, "successful"],
    ]);
    expect(await thanksTo(email)).toHaveLength(1);
  });

  it("counts gifts apart from contributions: never in MRR or revenue, filterable on payments and contacts", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    await t.database.db
      .update(contacts)
      .set({ contributionType: "Automatic", contributionAmount: 800, contributionPeriod: "monthly" })
      .where(eq(contacts.id, member.id));
    const now = t.clock.now();
    await t.database.db.insert(payments).values({
      id: crypto.randomUUID(),
      contactId: member.id,
      provider: "test",
      providerPaymentId: `sub_${member.id}`,
      amount: 800,
      currency: "GBP",
      status: "successful",
      chargeDate: now,
      createdAt: now,
      updatedAt: now,
    });
    const day = now.toISOString().slice(0, 10);
    const stats = await call(t.app, "GET", `/stats?from=${day}&to=${day}`, { cookie: admin });
    expect(stats.statusCode, stats.body).toBe(200);
    // The gifts of this file: 12.50 + 5 + 7.
    expect(stats.json()).toMatchObject({ totalRevenue: 8, averageContribution: 8, giftRevenue: 24.5, gifts: 3 });
    const monthly = await call(t.app, "GET", "/stats/monthly?months=1", { cookie: admin });
    expect(monthly.statusCode, monthly.body).toBe(200);
    expect(monthly.json<{ months: unknown[] }>().months[0]).toMatchObject({ mrr: 8, revenue: 8, giftRevenue: 24.5 });

    const gifts = await call(
      t.app,
      "GET",
      `/payment?${rulesQuery([{ field: "kind", operator: "equal", value: ["gift"] }])}`,
      {
        cookie: admin,
      },
    );
    expect(gifts.statusCode, gifts.body).toBe(200);
    const items = gifts.json<{ items: { kind: string; amount: number }[] }>().items;
    expect(items.map((item) => item.kind)).toEqual(["gift", "gift", "gift"]);
    const recurring = await call(
      t.app,
      "GET",
      `/payment?${rulesQuery([{ field: "kind", operator: "equal", value: ["contribution"] }])}`,
      { cookie: admin },
    );
    expect(recurring.json<{ items: { amount: number }[] }>().items.map((item) => item.amount)).toEqual([8]);

    const givers = await call(
      t.app,
      "GET",
      `/contact?${rulesQuery([{ field: "hasGivenOnce", operator: "equal", value: [true] }])}`,
      { cookie: admin },
    );
    expect(givers.statusCode, givers.body).toBe(200);
    const emails = givers.json<{ items: { email: string }[] }>().items.map((item) => item.email);
    expect(emails).toHaveLength(3);
    expect(emails).not.toContain(member.email);
  });
});

describe("a gift's receipt for a signed-in giver", () => {
  it("is among their payments like any other", async () => {
    const donors = await t.database.db
      .select({ id: payments.id, contactId: payments.contactId })
      .from(payments)
      .where(and(eq(payments.kind, "gift"), eq(payments.amount, 500)));
    expect(donors).toHaveLength(1);
    const admins = await call(t.app, "GET", `/contact/${donors[0]!.contactId}/payment/${donors[0]!.id}/receipt`, {
      cookie: admin,
    });
    expect(admins.statusCode).toBe(200);
    expect(admins.headers["content-type"]).toBe("application/pdf");
  });
});
