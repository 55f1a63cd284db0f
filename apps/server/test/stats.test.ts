import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PaymentStatus } from "@cohort/common/payments";
import { statsSchema } from "@cohort/common/stats";
import { contacts, payments } from "../src/db/schema/index.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let payerId: string;

/** Everything happens in March 2023, well before the admin joined (yesterday). */
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const admin = await makeContact(db, { roles: ["admin"] });
  adminCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
  );
  const joinedAt = [
    "2023-02-28T23:59:59.999Z",
    "2023-03-01T00:00:00.000Z",
    "2023-03-15T12:00:00.000Z",
    "2023-03-31T23:59:59.999Z",
    "2023-04-01T00:00:00.000Z",
  ];
  for (const joined of joinedAt) {
    const contact = await makeContact(db);
    await db
      .update(contacts)
      .set({ joined: new Date(joined) })
      .where(eq(contacts.id, contact.id));
    payerId ??= contact.id;
  }
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(payments);
});

async function pay(amount: number, chargeDate: string, status: PaymentStatus = "successful") {
  const at = new Date(chargeDate);
  await t.database.db.insert(payments).values({
    id: randomUUID(),
    contactId: payerId,
    provider: "test",
    providerPaymentId: randomUUID(),
    amount,
    currency: "EUR",
    status,
    chargeDate: at,
    createdAt: at,
    updatedAt: at,
  });
}

async function stats(from: string, to: string) {
  const response = await call(t.app, "GET", `/stats?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, {
    cookie: adminCookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return statsSchema.parse(response.json());
}

const MARCH = ["2023-03-01T00:00:00.000Z", "2023-03-31T23:59:59.999Z"] as const;

describe("GET /stats", () => {
  it("counts contacts who joined in the period, both ends included", async () => {
    expect((await stats(...MARCH)).newContacts).toBe(3);
    expect((await stats("2023-03-01T00:00:00.001Z", "2023-03-31T23:59:59.998Z")).newContacts).toBe(1);
    expect((await stats("2023-03-15T12:00:00.000Z", "2023-03-15T12:00:00.000Z")).newContacts).toBe(1);
    expect((await stats("2022-01-01T00:00:00Z", "2023-12-31T23:59:59Z")).newContacts).toBe(5);
  });

  it("reads a whole-day `to` as the end of that day", async () => {
    expect((await stats("2023-03-01", "2023-03-31")).newContacts).toBe(3);
    expect((await stats("2023-03-15", "2023-03-15")).newContacts).toBe(1);
    expect((await stats("2023-03-01", "2023-03-15T11:59:59Z")).newContacts).toBe(1);
  });

  it("sums and averages successful payments exactly to the cent", async () => {
    await pay(1050, "2023-03-02T10:00:00Z");
    await pay(999, "2023-03-31T23:59:59.999Z");
    expect(await stats(...MARCH)).toEqual({
      newContacts: 3,
      averageContribution: 10.25,
      totalRevenue: 20.49,
      giftRevenue: null,
      gifts: 0,
    });
  });

  it("stays exact where binary floats would drift", async () => {
    for (let day = 1; day <= 3; day++) await pay(10, `2023-03-0${day}T09:00:00Z`);
    const result = await stats(...MARCH);
    expect(result.totalRevenue).toBe(0.3);
    expect(result.averageContribution).toBe(0.1);
    expect(0.1 + 0.1 + 0.1).not.toBe(0.3);
  });

  it("ignores payments that did not succeed or fall outside the period", async () => {
    await pay(2000, "2023-03-10T10:00:00Z");
    await pay(5000, "2023-03-11T10:00:00Z", "failed");
    await pay(7000, "2023-03-12T10:00:00Z", "pending");
    await pay(9000, "2023-03-13T10:00:00Z", "cancelled");
    await pay(1100, "2023-02-28T23:59:59.999Z");
    await pay(1300, "2023-04-01T00:00:00.000Z");
    expect(await stats(...MARCH)).toMatchObject({ averageContribution: 20, totalRevenue: 20 });
  });

  it("answers null when nothing was paid", async () => {
    await pay(5000, "2023-03-11T10:00:00Z", "failed");
    expect(await stats(...MARCH)).toEqual({
      newContacts: 3,
      averageContribution: null,
      totalRevenue: null,
      giftRevenue: null,
      gifts: 0,
    });
    expect(await stats("2030-01-01", "2030-12-31")).toEqual({
      newContacts: 0,
      averageContribution: null,
      totalRevenue: null,
      giftRevenue: null,
      gifts: 0,
    });
  });

  it("validates the period", async () => {
    const cases = [
      "from=2023-03-31&to=2023-03-01",
      "from=2023-03-01T10:00:00Z&to=2023-03-01T09:59:59Z",
      "from=2023-03-02T00:00:00Z&to=2023-03-01",
      "from=2023-03-01",
      "to=2023-03-01",
      "",
      "from=yesterday&to=2023-03-01",
      "from=2023-03-01&to=2023-02-30",
      "from=2023-03-01&to=2023-03-31&limit=5",
    ];
    for (const query of cases) {
      const response = await call(t.app, "GET", `/stats?${query}`, { cookie: adminCookie });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe("invalid-request");
    }
    const reversed = await call(t.app, "GET", "/stats?from=2023-03-31&to=2023-03-01", { cookie: adminCookie });
    expect(reversed.json().errors).toEqual([
      { property: "to", constraints: { custom: "from must not be after to" }, children: [] },
    ]);
  });
});
