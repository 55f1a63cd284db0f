import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContributionPeriod, ContributionType } from "@cohort/common/payments";
import { ONE_DAY } from "@cohort/common/time";
import { contributionBandsSchema, latestResponsesSchema, monthlyStatsSchema } from "@cohort/common/stats";
import { calloutResponses, payments } from "../src/db/schema/index.js";
import { insertContact, upsertRole } from "../src/modules/contacts/queries.js";
import { loginAs, makeCallout } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let memberCookie: string;

interface MemberSpec {
  /** Days from now the member role started (negative: in the past) and, if set, runs out. */
  added?: number;
  expires?: number;
  type: ContributionType;
  period?: ContributionPeriod;
  /** Per period, in minor units. */
  amount?: number;
  cancelled?: number;
  role?: boolean;
}

const day = (days: number) => new Date(t.clock.now().getTime() + days * ONE_DAY);

async function member(spec: MemberSpec) {
  const db = t.database.db;
  const contact = await insertContact(
    db,
    {
      id: randomUUID(),
      email: `band.${randomUUID().slice(0, 8)}@example.org`,
      joined: day(spec.added ?? -40),
      contributionType: spec.type,
      contributionPeriod: spec.period ?? null,
      contributionAmount: spec.amount ?? null,
    },
    {},
    { cancelledAt: spec.cancelled === undefined ? null : day(spec.cancelled) },
  );
  if (spec.role !== false) {
    await upsertRole(db, {
      contactId: contact.id,
      role: "member",
      dateAdded: day(spec.added ?? -40),
      dateExpires: spec.expires === undefined ? null : day(spec.expires),
    });
  }
  return contact.id;
}

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] }));
  memberCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["member"] }));
});
afterAll(() => t.close());

describe("GET /stats/bands", () => {
  it("puts today's members in bands of their monthly contribution, as worked out by hand", async () => {
    // Monthly equivalents: 3.00, 5.00, 9.99 (119.88 a year), 10.00 (120.00 a year), 25.00, 50.00 (600.00 a year).
    const a = await member({ type: "Automatic", period: "monthly", amount: 300 });
    await member({ type: "Automatic", period: "monthly", amount: 500 });
    await member({ type: "Manual", period: "annually", amount: 11_988 });
    await member({ type: "Automatic", period: "annually", amount: 12_000 });
    await member({ type: "Automatic", period: "monthly", amount: 2500 });
    await member({ type: "Automatic", period: "annually", amount: 60_000 });
    // Still a member until next month, but no longer paying: without a recurring contribution.
    await member({ type: "Automatic", period: "monthly", amount: 1500, cancelled: -1, expires: 20 });
    await member({ type: "Gift", added: -5 });
    // Not current members: expired yesterday, starts tomorrow, no member role at all.
    await member({ type: "Automatic", period: "monthly", amount: 800, expires: -1 });
    await member({ type: "Automatic", period: "monthly", amount: 700, added: 1 });
    await member({ type: "Automatic", period: "monthly", amount: 900, role: false });
    // Payments and refunds do not move anyone between bands: a's last payment was wholly refunded.
    await t.database.db.insert(payments).values({
      id: randomUUID(),
      contactId: a,
      provider: "test",
      providerPaymentId: randomUUID(),
      amount: 0,
      amountRefunded: 300,
      currency: "EUR",
      status: "cancelled",
      chargeDate: day(-2),
      createdAt: day(-2),
      updatedAt: day(-2),
    });

    const response = await call(t.app, "GET", "/stats/bands", { cookie: adminCookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(contributionBandsSchema.parse(response.json())).toEqual({
      bands: [
        { from: 0, below: 5, members: 1 },
        { from: 5, below: 10, members: 2 },
        { from: 10, below: 20, members: 1 },
        { from: 20, below: 50, members: 1 },
        { from: 50, below: null, members: 1 },
      ],
      // The cancelled one, the gift, and the signed-in member of `beforeAll`, who gives nothing.
      withoutRecurring: 3,
    });

    // The banded members are the ones this month's MRR counts: 3.00 + 5.00 + 9.99 + 10.00 + 25.00 + 50.00.
    const monthly = monthlyStatsSchema.parse(
      (await call(t.app, "GET", "/stats/monthly?months=1", { cookie: adminCookie })).json(),
    );
    expect(monthly.months[0]?.mrr).toBe(102.99);
  });

  it("is for admins only", async () => {
    expect((await call(t.app, "GET", "/stats/bands", { cookie: memberCookie })).statusCode).toBe(403);
    expect((await call(t.app, "GET", "/stats/bands")).statusCode).toBe(403);
  });
});

describe("GET /stats/responses", () => {
  it("lists the newest responses across callouts with who answered, never the answers", async () => {
    const db = t.database.db;
    const first = await makeCallout(db, t.clock, { title: "Flooding on Elm Street" });
    const second = await makeCallout(db, t.clock, { title: "School meals" });
    const person = await makeContact(db, { firstname: "Rosa", lastname: "Diaz" });
    const nameless = await makeContact(db, { firstname: "", lastname: "", email: "nameless@example.org" });
    const insert = (calloutId: string, number: number, minutesAgo: number, who: Record<string, string>) =>
      db.insert(calloutResponses).values({
        id: randomUUID(),
        calloutId,
        number,
        answers: { slide1: { name: "secret answer" } },
        createdAt: new Date(t.clock.now().getTime() - minutesAgo * 60_000),
        updatedAt: t.clock.now(),
        ...who,
      });
    await insert(first.id, 1, 50, { contactId: person.id });
    await insert(first.id, 2, 40, {});
    await insert(second.id, 1, 30, { guestName: "Sam Guest", guestEmail: "sam@example.org" });
    await insert(first.id, 3, 20, { contactId: nameless.id });
    await insert(second.id, 2, 10, { guestEmail: "nobody@example.org" });

    const response = await call(t.app, "GET", "/stats/responses?limit=4", { cookie: adminCookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain("secret answer");
    const { items } = latestResponsesSchema.parse(response.json());
    expect(items.map((item) => [item.calloutTitle, item.number, item.respondent])).toEqual([
      ["School meals", 2, "nobody@example.org"],
      ["Flooding on Elm Street", 3, "nameless@example.org"],
      ["School meals", 1, "Sam Guest"],
      ["Flooding on Elm Street", 2, null],
    ]);
    expect(items[0]?.calloutId).toBe(second.id);

    const all = latestResponsesSchema.parse(
      (await call(t.app, "GET", "/stats/responses", { cookie: adminCookie })).json(),
    );
    expect(all.items).toHaveLength(5);
    expect(all.items.at(-1)?.respondent).toBe("Rosa Diaz");
  });

  it("is for admins only and checks the limit", async () => {
    expect((await call(t.app, "GET", "/stats/responses", { cookie: memberCookie })).statusCode).toBe(403);
    expect((await call(t.app, "GET", "/stats/responses?limit=21", { cookie: adminCookie })).statusCode).toBe(400);
    expect((await call(t.app, "GET", "/stats/responses?limit=0", { cookie: adminCookie })).statusCode).toBe(400);
  });
});
