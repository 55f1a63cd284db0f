import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentTotalsSchema } from "@cohort/common/payments";
import type { PaymentStatus } from "@cohort/common/payments";
import { statsSchema } from "@cohort/common/stats";
import { payments } from "../src/db/schema/index.js";
import { loginAs } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;

/** Payments in May 2021 only, far from every other test's; amounts are what was kept after refunds. */
beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeContact(t.database.db, { roles: ["admin"] });
  adminCookie = await loginAs(t.app, admin);
  const payer = await makeContact(t.database.db);
  const pay = (amount: number, refunded: number, status: PaymentStatus, chargeDate: string) =>
    t.database.db.insert(payments).values({
      id: randomUUID(),
      contactId: payer.id,
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
  await pay(1000, 0, "successful", "2021-05-01T00:00:00.000Z");
  // 5.00 charged, 1.67 refunded: 3.33 kept.
  await pay(333, 167, "successful", "2021-05-10T08:00:00.000Z");
  await pay(1, 0, "successful", "2021-05-31T23:59:59.999Z");
  // Wholly refunded: stored as cancelled, of nothing (decision 021).
  await pay(0, 700, "cancelled", "2021-05-12T00:00:00.000Z");
  await pay(2500, 0, "failed", "2021-05-13T00:00:00.000Z");
  await pay(1200, 0, "cancelled", "2021-05-14T00:00:00.000Z");
  await pay(9999, 0, "successful", "2021-06-01T00:00:00.000Z");
});
afterAll(() => t.close());

describe("the dashboard's figures", () => {
  it("match by hand: revenue and average of what was kept, refunds and failures left out", async () => {
    const response = await call(t.app, "GET", "/stats?from=2021-05-01&to=2021-05-31", { cookie: adminCookie });
    expect(response.statusCode).toBe(200);
    // (10.00 + 3.33 + 0.01) = 13.34 over three successful payments = 4.4466… → 4.45
    expect(statsSchema.parse(response.json())).toMatchObject({ totalRevenue: 13.34, averageContribution: 4.45 });
  });

  it("agree with the payments list's totals for the same period", async () => {
    const rules = encodeURIComponent(
      JSON.stringify({
        condition: "AND",
        rules: [
          {
            field: "chargeDate",
            operator: "between",
            value: ["2021-05-01T00:00:00.000Z", "2021-05-31T23:59:59.999Z"],
          },
        ],
      }),
    );
    const totals = await call(t.app, "GET", `/payment/totals?rules=${rules}`, { cookie: adminCookie });
    expect(totals.statusCode, totals.body).toBe(200);
    const byStatus = paymentTotalsSchema.parse(totals.json()).byStatus;
    const stats = statsSchema.parse(
      (await call(t.app, "GET", "/stats?from=2021-05-01&to=2021-05-31", { cookie: adminCookie })).json(),
    );
    expect(byStatus.successful).toEqual({ count: 3, amount: stats.totalRevenue });
    expect(byStatus.failed.amount).toBe(25);
    expect(byStatus.cancelled).toEqual({ count: 2, amount: 12 });
  });
});
