import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMonths, membershipExpiry } from "@cohort/common/contributions";
import type { GoCardlessStandIn } from "@cohort/stand-ins/gocardless";
import type { StripeStandIn } from "@cohort/stand-ins/stripe";
import { contactRoles, contacts, contributionReasons, contributions, emailOutbox } from "../src/db/schema/index.js";
import { resumeEndedPauses } from "../src/modules/contributions/pause-service.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { closeProviderApp, seedGoCardlessSubscription, startProviderApp } from "./helpers/provider-app.js";
import { call, sessionCookie, type TestApp } from "./helpers/test-app.js";

/**
 * Cancelling is heard (decision 067): a reason from the organisation's list,
 * a pause of 1–3 monthly payments at each provider instead, the automatic
 * resume when it ends, and what staff see of the reasons.
 */

const DAY = 86_400_000;
type Provider = "test" | "stripe" | "gocardless";

let t: TestApp;
let stripe: StripeStandIn;
let gocardless: GoCardlessStandIn;
let adminCookie: string;
let admin: { email: string };

beforeAll(async () => {
  ({ t, stripe, gocardless } = await startProviderApp("whsec_cohort_pauses"));
  admin = await makeContact(t.database.db, { roles: ["admin"] });
  adminCookie = await logIn(admin.email);
});
afterAll(() => closeProviderApp({ t, stripe, gocardless }));

const unique = () => randomUUID().replaceAll("-", "").slice(0, 12);
const REASON = "I don't read or use it enough";

async function logIn(email: string): Promise<string> {
  return sessionCookie(await call(t.app, "POST", "/auth/login", { body: { email, password: PASSWORD } }));
}

/**
 * A member paying 8.00 a month, paid up to ten days from now, whose
 * subscription the provider holds (in the stand-in for Stripe and GoCardless).
 */
async function payingMember(provider: Provider, period: "monthly" | "annually" = "monthly") {
  const contact = await makeContact(t.database.db);
  const ids = { customerId: `cus_${unique()}`, mandateId: `pm_${unique()}`, subscriptionId: `sub_${unique()}` };
  if (provider === "stripe") {
    stripe.subscriptions.set(ids.subscriptionId, {
      id: ids.subscriptionId,
      object: "subscription",
      customer: ids.customerId,
      status: "active",
      items: { object: "list", data: [], has_more: false, url: "/v1/subscription_items" },
      pause_collection: null,
    });
  }
  if (provider === "gocardless") {
    Object.assign(
      ids,
      seedGoCardlessSubscription(gocardless, {
        amount: 800,
        interval_unit: period === "monthly" ? "monthly" : "yearly",
        start_date: new Date(t.clock.now().getTime() + 10 * DAY).toISOString().slice(0, 10),
      }),
    );
  }
  await t.database.db
    .update(contacts)
    .set({ contributionType: "Automatic", contributionAmount: 800, contributionPeriod: period })
    .where(eq(contacts.id, contact.id));
  await t.database.db
    .insert(contributions)
    .values({
      contactId: contact.id,
      provider,
      paymentMethod: provider === "gocardless" ? "gc_direct-debit" : "s_card",
      payFee: false,
      ...ids,
    })
    .onConflictDoUpdate({
      target: contributions.contactId,
      set: { provider, paymentMethod: provider === "gocardless" ? "gc_direct-debit" : "s_card", ...ids },
    });
  const paidUntil = new Date(t.clock.now().getTime() + 10 * DAY);
  await t.database.db.insert(contactRoles).values({
    contactId: contact.id,
    role: "member",
    dateAdded: new Date(t.clock.now().getTime() - 40 * DAY),
    dateExpires: membershipExpiry(paidUntil),
  });
  return { contact, ids, paidUntil, cookie: await logIn(contact.email) };
}

/** Moves the test clock to `when`; answers how to move it back. */
function travelTo(when: Date): () => void {
  const delta = when.getTime() - t.clock.now().getTime();
  t.clock.advance(delta);
  return () => t.clock.advance(-delta);
}

async function memberExpiry(contactId: string): Promise<Date | null | undefined> {
  const [role] = await t.database.db
    .select()
    .from(contactRoles)
    .where(and(eq(contactRoles.contactId, contactId), eq(contactRoles.role, "member")));
  return role?.dateExpires;
}

async function setPaymentSettings(changes: Record<string, unknown>) {
  const response = await call(t.app, "PATCH", "/content/payment", { cookie: adminCookie, body: changes });
  expect(response.statusCode).toBe(200);
}

describe.each(["test", "stripe", "gocardless"] as const)("a pause at the %s provider", (provider) => {
  it("skips two payments, keeps the membership through them and resumes when they are over", async () => {
    const { contact, ids, paidUntil, cookie } = await payingMember(provider);
    const before = await call(t.app, "GET", "/contact/me/contribution", { cookie });
    expect(before.json()).toMatchObject({ canPause: true });
    expect(before.json()).not.toHaveProperty("pausedUntil");

    const paused = await call(t.app, "POST", "/contact/me/contribution/pause", {
      cookie,
      body: { months: 2, reason: REASON, reasonText: "Back after the summer" },
    });
    expect(paused.statusCode).toBe(200);
    const resumesAt = addMonths(paidUntil, 2);
    expect(paused.json()).toMatchObject({
      pausedUntil: resumesAt.toISOString(),
      renewalDate: resumesAt.toISOString(),
      canPause: false,
      membershipStatus: "active",
      cancellationReason: REASON,
      cancellationReasonText: "Back after the summer",
    });
    expect(paused.json()).not.toHaveProperty("cancellationDate");
    expect(await memberExpiry(contact.id)).toEqual(membershipExpiry(resumesAt));

    if (provider === "stripe") {
      expect(stripe.subscriptions.get(ids.subscriptionId)?.pause_collection).toEqual({
        behavior: "void",
        resumes_at: Math.floor(resumesAt.getTime() / 1000),
      });
    }
    if (provider === "gocardless") {
      expect(gocardless.resources.subscriptions.get(ids.subscriptionId)).toMatchObject({
        status: "paused",
        paused_cycles: 2,
      });
      expect(
        gocardless.requests.filter((request) => request.path === `/subscriptions/${ids.subscriptionId}/actions/pause`),
      ).toMatchObject([{ method: "POST", body: { data: { pause_cycles: 2 } } }]);
    }

    // A second pause, or a change of amount, waits until payments resume.
    const again = await call(t.app, "POST", "/contact/me/contribution/pause", { cookie, body: { months: 1 } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "cant-update-contribution", subCode: "paused" });
    const change = await call(t.app, "PATCH", "/contact/me/contribution", {
      cookie,
      body: { amount: 5, period: "monthly", payFee: false },
    });
    expect(change.json()).toMatchObject({ code: "cant-update-contribution", subCode: "paused" });

    // The end of the pause: the scheduled check resumes it, once however often it runs.
    const back = travelTo(new Date(resumesAt.getTime() + 1000));
    try {
      if (provider === "gocardless") {
        // GoCardless did not resume it by itself here; the check asks it to.
        expect(gocardless.resources.subscriptions.get(ids.subscriptionId)?.status).toBe("paused");
      }
      expect(await resumeEndedPauses(t.ctx)).toBeGreaterThanOrEqual(1);
      await resumeEndedPauses(t.ctx);
      const after = await call(t.app, "GET", "/contact/me/contribution", { cookie: await logIn(contact.email) });
      expect(after.json()).not.toHaveProperty("pausedUntil");
      expect(after.json()).toMatchObject({ canPause: true, membershipStatus: "active" });
      const [row] = await t.database.db.select().from(contributions).where(eq(contributions.contactId, contact.id));
      expect(row?.resumedAt).not.toBeNull();
      if (provider === "stripe") {
        expect(stripe.subscriptions.get(ids.subscriptionId)?.pause_collection).toBeNull();
      }
      if (provider === "gocardless") {
        expect(gocardless.resources.subscriptions.get(ids.subscriptionId)?.status).toBe("active");
        expect(
          gocardless.requests.filter(
            (request) => request.path === `/subscriptions/${ids.subscriptionId}/actions/resume`,
          ),
        ).toHaveLength(1);
      }
    } finally {
      back();
    }
  });
});

describe("what a pause is offered for", () => {
  it("refuses an annual contribution, a cancelled one, and months outside 1–3", async () => {
    const annual = await payingMember("stripe", "annually");
    const refused = await call(t.app, "POST", "/contact/me/contribution/pause", {
      cookie: annual.cookie,
      body: { months: 1 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "cant-update-contribution", subCode: "pause-not-offered" });
    expect(stripe.subscriptions.get(annual.ids.subscriptionId)?.pause_collection).toBeNull();

    const monthly = await payingMember("test");
    for (const months of [0, 4, 1.5, "2"]) {
      const wrong = await call(t.app, "POST", "/contact/me/contribution/pause", {
        cookie: monthly.cookie,
        body: { months },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: "invalid-request" });
    }
    const plain = await call(t.app, "POST", "/contact/me/contribution/cancel", { cookie: monthly.cookie });
    expect(plain.statusCode).toBe(204);
    const afterCancel = await call(t.app, "POST", "/contact/me/contribution/pause", {
      cookie: monthly.cookie,
      body: { months: 1 },
    });
    expect(afterCancel.json()).toMatchObject({ code: "cant-update-contribution", subCode: "pause-not-offered" });
  });

  it("ends the membership with the paid time when the organisation says a pause is not membership", async () => {
    await setPaymentSettings({ pausedStaysMember: false });
    try {
      const { contact, paidUntil, cookie } = await payingMember("test");
      const paused = await call(t.app, "POST", "/contact/me/contribution/pause", { cookie, body: { months: 3 } });
      expect(paused.statusCode).toBe(200);
      expect(paused.json()).toMatchObject({ pausedUntil: addMonths(paidUntil, 3).toISOString() });
      expect(await memberExpiry(contact.id)).toEqual(paidUntil);
    } finally {
      await setPaymentSettings({ pausedStaysMember: true });
    }
  });

  it("leaves a paused contribution out of the monthly recurring revenue", async () => {
    const mrrNow = async () => {
      // A fresh session: the clock moves further than a session lasts.
      const response = await call(t.app, "GET", "/stats/monthly?months=1", { cookie: await logIn(admin.email) });
      return response.json<{ months: { mrr: number }[] }>().months[0]?.mrr;
    };
    const { cookie } = await payingMember("test");
    const paidUp = await mrrNow();
    // Twelve days on, the paid time is over: what the month counts without a pause, then with one.
    const later = new Date(t.clock.now().getTime() + 12 * DAY);
    let back = travelTo(later);
    const unpaused = await mrrNow();
    back();
    await call(t.app, "POST", "/contact/me/contribution/pause", { cookie, body: { months: 1 } });
    // The pause starts when the paid time ends: until then the contribution still counts.
    expect(await mrrNow()).toBe(paidUp);
    back = travelTo(later);
    try {
      expect(await mrrNow()).toBeCloseTo((unpaused ?? 0) - 8, 2);
    } finally {
      back();
    }
  });
});

describe("the reasons given", () => {
  it("keeps the reason of a cancellation, tells the team, and refuses a reason not on the list", async () => {
    const { contact, cookie } = await payingMember("gocardless");
    const unknown = await call(t.app, "POST", "/contact/me/contribution/cancel", {
      cookie,
      body: { reason: "Not on the list" },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "invalid-request", errors: [{ property: "reason" }] });
    const tooLong = await call(t.app, "POST", "/contact/me/contribution/cancel", {
      cookie,
      body: { reason: "other", reasonText: "x".repeat(1001) },
    });
    expect(tooLong.statusCode).toBe(400);

    const cancelled = await call(t.app, "POST", "/contact/me/contribution/cancel", {
      cookie,
      body: { reason: "other", reasonText: "Moving abroad" },
    });
    expect(cancelled.statusCode).toBe(204);
    const staffView = await call(t.app, "GET", `/contact/${contact.id}/contribution`, { cookie: adminCookie });
    expect(staffView.json()).toMatchObject({ cancellationReason: "other", cancellationReasonText: "Moving abroad" });
    const [teamEmail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.contactId, contact.id), eq(emailOutbox.templateId, "cancelled-member")));
    expect(teamEmail?.mergeFields).toMatchObject({ REASON: "other: Moving abroad" });
    expect(teamEmail?.textBody).toContain("other: Moving abroad");
  });

  it("counts the reasons given over the dashboard's period, for staff only", async () => {
    const from = new Date(t.clock.now().getTime() - DAY).toISOString();
    const countsNow = async () => {
      const response = await call(
        t.app,
        "GET",
        `/stats/cancellation-reasons?from=${from}&to=${t.clock.now().toISOString()}`,
        {
          cookie: adminCookie,
        },
      );
      expect(response.statusCode).toBe(200);
      return response.json<{ reasons: { reason: string; cancelled: number; paused: number }[] }>().reasons;
    };
    const listed = (await countsNow()).find((entry) => entry.reason === REASON) ?? { cancelled: 0, paused: 0 };
    const first = await payingMember("test");
    await call(t.app, "POST", "/contact/me/contribution/cancel", { cookie: first.cookie, body: { reason: REASON } });
    const second = await payingMember("test");
    await call(t.app, "POST", "/contact/me/contribution/pause", {
      cookie: second.cookie,
      body: { months: 1, reason: REASON },
    });
    expect((await countsNow()).find((entry) => entry.reason === REASON)).toEqual({
      reason: REASON,
      cancelled: listed.cancelled + 1,
      paused: listed.paused + 1,
    });
    const earlier = await call(t.app, "GET", "/stats/cancellation-reasons?from=2020-01-01&to=2020-12-31", {
      cookie: adminCookie,
    });
    expect(earlier.json()).toEqual({ reasons: [] });
    const asMember = await call(t.app, "GET", "/stats/cancellation-reasons?from=2020-01-01&to=2020-12-31", {
      cookie: first.cookie,
    });
    expect(asMember.statusCode).toBe(403);
  });

  it("lists first the reason given most in all, cancelled and paused together", async () => {
    const { id: contactId } = await makeContact(t.database.db);
    const at = new Date("2021-03-10T12:00:00Z");
    const given = (reason: string, outcome: "cancelled" | "paused") => ({
      id: randomUUID(),
      contactId,
      reason,
      outcome,
      createdAt: at,
    });
    await t.database.db
      .insert(contributionReasons)
      .values([
        given("Alpha", "cancelled"),
        given("Alpha", "cancelled"),
        given("Beta", "cancelled"),
        given("Beta", "paused"),
        given("Beta", "paused"),
      ]);
    const counted = await call(t.app, "GET", "/stats/cancellation-reasons?from=2021-03-01&to=2021-03-31", {
      cookie: adminCookie,
    });
    expect(counted.json()).toEqual({
      reasons: [
        { reason: "Beta", cancelled: 1, paused: 2 },
        { reason: "Alpha", cancelled: 2, paused: 0 },
      ],
    });
  });

  it("lets the organisation edit its reasons, within limits", async () => {
    await setPaymentSettings({ cancellationReasons: ["Too dear", "Too dear", "Moved away"] });
    try {
      const read = await call(t.app, "GET", "/content/payment");
      expect(read.json()).toMatchObject({ cancellationReasons: ["Too dear", "Moved away"], pausedStaysMember: true });
      for (const cancellationReasons of [["other"], ["x".repeat(101)], Array.from({ length: 13 }, (_, i) => `R${i}`)]) {
        const refused = await call(t.app, "PATCH", "/content/payment", {
          cookie: adminCookie,
          body: { cancellationReasons },
        });
        expect(refused.statusCode).toBe(400);
      }
    } finally {
      await call(t.app, "PATCH", "/content/payment", {
        cookie: adminCookie,
        body: {
          cancellationReasons: [
            "It costs more than I can give just now",
            REASON,
            "I disagree with the coverage",
            "I support in another way",
          ],
        },
      });
    }
  });
});
