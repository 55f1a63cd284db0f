import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentTotalsSchema } from "@cohort/common/payments";
import type { ContributionPeriod, ContributionType, PaymentStatus } from "@cohort/common/payments";
import { monthlyStatsSchema, statsSchema } from "@cohort/common/stats";
import { payments } from "../src/db/schema/index.js";
import { insertContact, upsertRole } from "../src/modules/contacts/queries.js";
import { loginAs } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let memberCookie: string;

interface MemberSpec {
  added: string;
  expires?: string;
  type: ContributionType;
  period?: ContributionPeriod;
  amount?: number;
  cancelledAt?: string;
}

/*
 * Everything happens in the first quarter of 2003, far from every other test's dates.
 * Amounts are per period, in minor units.
 */
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  adminCookie = await loginAs(t.app, await makeContact(db, { roles: ["admin"] }));
  memberCookie = await loginAs(t.app, await makeContact(db, { roles: ["member"] }));

  const member = async (spec: MemberSpec) => {
    const contact = await insertContact(
      db,
      {
        id: randomUUID(),
        email: `monthly.${randomUUID().slice(0, 8)}@example.org`,
        joined: new Date(spec.added),
        contributionType: spec.type,
        contributionPeriod: spec.period ?? null,
        contributionAmount: spec.amount ?? null,
      },
      {},
      { cancelledAt: spec.cancelledAt ? new Date(spec.cancelledAt) : null },
    );
    await upsertRole(db, {
      contactId: contact.id,
      role: "member",
      dateAdded: new Date(spec.added),
      dateExpires: spec.expires ? new Date(spec.expires) : null,
    });
    return contact.id;
  };
  const pay = (contactId: string, amount: number, refunded: number, status: PaymentStatus, chargeDate: string) =>
    db.insert(payments).values({
      id: randomUUID(),
      contactId,
      provider: "test",
      providerPaymentId: randomUUID(),
      amount,
      amountRefunded: refunded,
      currency: "EUR",
      status,
      chargeDate: new Date(chargeDate),
      createdAt: new Date(chargeDate),
      updatedAt: new Date(chargeDate),
    });

  const a = await member({ added: "2002-12-15T00:00:00Z", type: "Automatic", period: "monthly", amount: 500 });
  const b = await member({ added: "2003-01-10T00:00:00Z", type: "Automatic", period: "annually", amount: 10_000 });
  const c = await member({ added: "2003-01-20T00:00:00Z", type: "Manual", period: "annually", amount: 1001 });
  // Cancels in February; the membership runs out on 1 March.
  const d = await member({
    added: "2002-11-01T00:00:00Z",
    expires: "2003-03-01T00:00:00Z",
    type: "Automatic",
    period: "monthly",
    amount: 300,
    cancelledAt: "2003-02-14T12:00:00Z",
  });
  // Members without a recurring contribution: counted as new, not in the MRR.
  await member({ added: "2003-03-05T00:00:00Z", type: "Gift" });
  await member({ added: "2002-06-01T00:00:00Z", type: "None" });

  await pay(a, 500, 0, "successful", "2003-01-15T00:00:00Z");
  // 100.00 charged, 30.00 refunded: 70.00 kept.
  await pay(b, 7000, 3000, "successful", "2003-01-10T00:00:00Z");
  await pay(d, 300, 0, "successful", "2003-02-01T00:00:00Z");
  await pay(d, 300, 0, "failed", "2003-02-20T00:00:00Z");
  // Wholly refunded: stored as cancelled, of nothing.
  await pay(c, 0, 1001, "cancelled", "2003-03-02T00:00:00Z");
});
afterAll(() => t.close());

describe("the monthly series", () => {
  it("matches the figures worked out by hand", async () => {
    const response = await call(t.app, "GET", "/stats/monthly?months=3&until=2003-03", { cookie: adminCookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(monthlyStatsSchema.parse(response.json()).months).toEqual([
      {
        month: "2003-01",
        // 5.00 + 3.00 monthly, plus (100.00 + 10.01) / 12 = 9.1675 → 17.1675 → 17.17 (rounded once, half up)
        mrr: 17.17,
        // 5.00 + 70.00 kept
        revenue: 75,
        giftRevenue: 0,
        newMembers: 2,
        cancelledMembers: 0,
        contributorsAtStart: 2,
        churnRate: 0,
      },
      {
        month: "2003-02",
        // the 3.00 a month cancelled: 14.1675 → 14.17
        mrr: 14.17,
        revenue: 3,
        giftRevenue: 0,
        newMembers: 0,
        cancelledMembers: 1,
        contributorsAtStart: 4,
        churnRate: 0.25,
      },
      {
        month: "2003-03",
        mrr: 14.17,
        revenue: 0,
        giftRevenue: 0,
        newMembers: 1,
        cancelledMembers: 0,
        contributorsAtStart: 3,
        churnRate: 0,
      },
    ]);
  });

  it("agrees with /stats and /payment/totals for the same month", async () => {
    const series = monthlyStatsSchema.parse(
      (await call(t.app, "GET", "/stats/monthly?months=1&until=2003-01", { cookie: adminCookie })).json(),
    );
    const stats = statsSchema.parse(
      (await call(t.app, "GET", "/stats?from=2003-01-01&to=2003-01-31", { cookie: adminCookie })).json(),
    );
    const rules = encodeURIComponent(
      JSON.stringify({
        condition: "AND",
        rules: [
          { field: "chargeDate", operator: "between", value: ["2003-01-01T00:00:00.000Z", "2003-01-31T23:59:59.999Z"] },
        ],
      }),
    );
    const totals = paymentTotalsSchema.parse(
      (await call(t.app, "GET", `/payment/totals?rules=${rules}`, { cookie: adminCookie })).json(),
    );
    expect(series.months[0]?.revenue).toBe(75);
    expect(stats.totalRevenue).toBe(75);
    expect(totals.byStatus.successful.amount).toBe(75);
  });

  it("ends with the current month by default and covers twelve months", async () => {
    const response = await call(t.app, "GET", "/stats/monthly", { cookie: adminCookie });
    const months = monthlyStatsSchema.parse(response.json()).months;
    expect(months).toHaveLength(12);
    expect(months.at(-1)?.month).toBe(new Date().toISOString().slice(0, 7));
  });

  it("is for admins only and refuses odd ranges", async () => {
    expect((await call(t.app, "GET", "/stats/monthly", { cookie: memberCookie })).statusCode).toBe(403);
    expect((await call(t.app, "GET", "/stats/monthly")).statusCode).toBe(403);
    for (const query of ["months=0", "months=37", "until=2003-13", "other=1"]) {
      expect((await call(t.app, "GET", `/stats/monthly?${query}`, { cookie: adminCookie })).statusCode).toBe(400);
    }
  });
});
