import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentStatus } from "@cohort/common/payments";
import { contacts, payments } from "../src/db/schema/index.js";
import { paymentCsvHeader } from "../src/modules/payments/service.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { pdfText } from "./helpers/pdf-text.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

const rulesQuery = (rules: unknown[]) => `rules=${encodeURIComponent(JSON.stringify({ condition: "AND", rules }))}`;

describe("receipts and the payments export", () => {
  let t: TestApp;
  let admin: string;
  let ada: { id: string; cookie: string };
  let boris: { id: string; cookie: string };
  const adaPayments: string[] = [];
  let borisPayment: string;
  let failedPayment: string;

  async function person(spec: Parameters<typeof makeContact>[1]) {
    const contact = await makeContact(t.database.db, spec);
    const login = await call(t.app, "POST", "/auth/login", { body: { email: contact.email, password: PASSWORD } });
    return { id: contact.id, cookie: sessionCookie(login) };
  }

  async function pay(contactId: string, amount: number, chargeDate: string, status: PaymentStatus = "successful") {
    const id = randomUUID();
    const now = new Date(chargeDate);
    await t.database.db.insert(payments).values({
      id,
      contactId,
      provider: "manual",
      providerPaymentId: `manual-${id}`,
      amount,
      currency: "EUR",
      status,
      chargeDate: now,
      createdAt: now,
      updatedAt: now,
    });
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await person({ roles: ["admin"] })).cookie;
    ada = await person({ firstname: "Ada", lastname: "Lovelace", roles: ["member"] });
    boris = await person({ firstname: "Борис", lastname: '=HYPERLINK("http://evil.example")', roles: ["member"] });
    await t.database.db.update(contacts).set({ locale: "ru" }).where(eq(contacts.id, boris.id));
    const settings = await call(t.app, "PATCH", "/content/general", {
      cookie: admin,
      body: { organisationName: "Daily Lantern", address: "1 Print Street\nHamburg", vatNumber: "DE123456789" },
    });
    expect(settings.statusCode).toBe(200);
    adaPayments.push(await pay(ada.id, 1250, "2025-03-01T10:00:00Z"));
    adaPayments.push(await pay(ada.id, 2000, "2025-12-31T23:30:00Z"));
    adaPayments.push(await pay(ada.id, 999, "2026-01-01T00:30:00Z"));
    failedPayment = await pay(ada.id, 5000, "2025-06-01T10:00:00Z", "failed");
    borisPayment = await pay(boris.id, 4200, "2025-05-05T10:00:00Z");
  });
  afterAll(() => t.close());

  it("a member's receipt names the organisation, the payer, the amount and a receipt number", async () => {
    const response = await call(t.app, "GET", `/contact/me/payment/${adaPayments[0]}/receipt`, { cookie: ada.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="receipt-2025-[0-9A-F]{8}\.pdf"$/);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain("Daily Lantern");
    expect(text).toContain("1 Print Street");
    expect(text).toContain("DE123456789");
    expect(text).toContain("Ada Lovelace");
    expect(text).toContain("€12.50");
    expect(text).toContain("1 March 2025");
    expect(text).toContain(`2025-${adaPayments[0]!.replaceAll("-", "").slice(0, 8).toUpperCase()}`);
  });

  it("is written in the member's language, Cyrillic included", async () => {
    const response = await call(t.app, "GET", `/contact/me/payment/${borisPayment}/receipt`, { cookie: boris.cookie });
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain("Квитанция об оплате");
    expect(text).toContain("Борис");
    expect(text).toContain("42,00");
    expect(text).toContain("Daily Lantern");
  });

  it("a member gets only their own successful payments: anything else is a 404", async () => {
    const others = [borisPayment, failedPayment, randomUUID()];
    for (const paymentId of others.slice(0, 1)) {
      const response = await call(t.app, "GET", `/contact/me/payment/${paymentId}/receipt`, { cookie: ada.cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "not-found", httpCode: 404 });
    }
    for (const paymentId of others.slice(1)) {
      expect(
        (await call(t.app, "GET", `/contact/me/payment/${paymentId}/receipt`, { cookie: ada.cookie })).statusCode,
      ).toBe(404);
    }
    const viaId = await call(t.app, "GET", `/contact/${boris.id}/payment/${borisPayment}/receipt`, {
      cookie: ada.cookie,
    });
    // Naming another contact is refused as every contact route refuses it, before any payment is looked up.
    expect(viaId.statusCode).toBe(401);
    expect((await call(t.app, "GET", `/contact/me/payment/${adaPayments[0]}/receipt`)).statusCode).toBe(401);
    expect((await call(t.app, "GET", `/contact/me/payment/receipts/2025`)).statusCode).toBe(401);
    expect(
      (await call(t.app, "GET", `/contact/me/payment/not-a-uuid/receipt`, { cookie: ada.cookie })).statusCode,
    ).toBe(400);
  });

  it("an admin downloads a member's receipt from the contact, but not one of another contact's payments", async () => {
    const response = await call(t.app, "GET", `/contact/${boris.id}/payment/${borisPayment}/receipt`, {
      cookie: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(await pdfText(response.rawPayload)).toContain("Квитанция");
    const mismatched = await call(t.app, "GET", `/contact/${ada.id}/payment/${borisPayment}/receipt`, {
      cookie: admin,
    });
    expect(mismatched.statusCode).toBe(404);
  });

  it("the yearly summary lists the calendar year's successful payments and their sum", async () => {
    const response = await call(t.app, "GET", "/contact/me/payment/receipts/2025", { cookie: ada.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="receipts-2025.pdf"');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain("Your contributions in 2025");
    expect(text).toContain("€12.50");
    expect(text).toContain("€20.00");
    expect(text).not.toContain("€9.99");
    expect(text).not.toContain("€50.00");
    expect(text).toContain("Total €32.50");
    expect(text).toContain("2 payments");
    const byAdmin = await call(t.app, "GET", `/contact/${ada.id}/payment/receipts/2026`, { cookie: admin });
    expect(byAdmin.statusCode).toBe(200);
    expect(await pdfText(byAdmin.rawPayload)).toContain("€9.99");
    expect((await call(t.app, "GET", "/contact/me/payment/receipts/2024", { cookie: ada.cookie })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, "GET", "/contact/me/payment/receipts/20x5", { cookie: ada.cookie })).statusCode).toBe(
      400,
    );
  });

  it("exports the payments the list's rules match as CSV, formulas defused, to admins only", async () => {
    const query = rulesQuery([{ field: "amount", operator: "greater", value: [40] }]);
    const response = await call(t.app, "GET", `/payment.csv?${query}&sort=amount&order=DESC`, { cookie: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="payments-.+\.csv"$/);
    const rows = Papa.parse<string[]>(response.body.trim()).data;
    expect(rows[0]).toEqual([...paymentCsvHeader]);
    expect(rows[0]).toContain("email");
    expect(rows.slice(1).map((row) => [row[0], row[2], row[4]])).toEqual([
      [failedPayment, "50", "failed"],
      [borisPayment, "42", "successful"],
    ]);
    expect(rows[2]![9]).toBe('\'=HYPERLINK("http://evil.example")');
    expect(rows[2]![8]).toBe("Борис");
    expect((await call(t.app, "GET", "/payment.csv", { cookie: ada.cookie })).statusCode).toBe(403);
    // Admin routes answer a guest as they answer a member (the access check's rule).
    expect((await call(t.app, "GET", "/payment.csv")).statusCode).toBe(403);
    const bad = await call(
      t.app,
      "GET",
      `/payment.csv?${rulesQuery([{ field: "nope", operator: "equal", value: [1] }])}`,
      {
        cookie: admin,
      },
    );
    expect(bad.statusCode).toBe(400);
  });
});
