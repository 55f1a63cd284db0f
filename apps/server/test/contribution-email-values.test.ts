import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "@cohort/common/i18n";
import { contacts, emailOutbox } from "../src/db/schema/index.js";
import { sendEmail } from "../src/modules/emails/service.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";
import { contribute, memberRoleOf, WEBHOOK_SECRET } from "./helpers/test-checkout.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TEST_PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET, CURRENCY_CODE: "EUR" });
});
afterAll(() => t.close());

async function person(locale: Locale | null = null) {
  const contact = await makeContact(t.database.db);
  if (locale) await t.database.db.update(contacts).set({ locale }).where(eq(contacts.id, contact.id));
  const login = await call(t.app, "POST", "/auth/login", { body: { email: contact.email, password: PASSWORD } });
  return { contact, cookie: sessionCookie(login) };
}

async function lastEmail(contactId: string, templateId: string) {
  const rows = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.contactId, contactId), eq(emailOutbox.templateId, templateId)));
  const row = rows.at(-1);
  expect(row, `${templateId} to ${contactId}`).toBeDefined();
  return row!;
}

/** The expiry day as the email should write it, e.g. "Thursday, 2 December 2027". */
function writtenDay(date: Date, tag: string): string {
  const options = { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" } as const;
  return new Intl.DateTimeFormat(tag, options).format(date);
}

describe("contribution emails", () => {
  it("name a changed amount in the site's currency, with its period, in the reader's language", async () => {
    const english = await person();
    await contribute(t, english.cookie, "successful", { amount: 10 });
    const patch = await call(t.app, "PATCH", "/contact/me/contribution", {
      cookie: english.cookie,
      body: { amount: 120, period: "monthly", payFee: false },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const changed = await lastEmail(english.contact.id, "contribution-changed");
    expect(changed.mergeFields.AMOUNT).toBe("€120.00 a month");
    expect(changed.textBody).toContain("Your contribution is now €120.00 a month.");
    expect(changed.textBody).not.toContain("120.00.");

    const german = await person("de");
    await contribute(t, german.cookie, "successful", { amount: 10 });
    await call(t.app, "PATCH", "/contact/me/contribution", {
      cookie: german.cookie,
      body: { amount: 1234.5, period: "monthly", payFee: false },
    });
    const inGerman = await lastEmail(german.contact.id, "contribution-changed");
    expect(inGerman.mergeFields.AMOUNT).toBe("1.234,50\u00a0€ pro Monat");
    expect(inGerman.textBody).toContain("Ihr Beitrag beträgt jetzt 1.234,50\u00a0€ pro Monat.");
  });

  it("write the day membership ends in words, in the reader's language", async () => {
    const english = await person();
    await contribute(t, english.cookie, "successful");
    const expires = (await memberRoleOf(t, english.contact.id))?.dateExpires;
    expect(expires).toBeInstanceOf(Date);
    expect((await call(t.app, "POST", "/contact/me/contribution/cancel", { cookie: english.cookie })).statusCode).toBe(
      204,
    );
    const cancelled = await lastEmail(english.contact.id, "cancelled-contribution");
    expect(cancelled.mergeFields.EXPIRES).toBe(writtenDay(expires!, "en-GB"));
    expect(cancelled.mergeFields.EXPIRES).toMatch(/^[A-Z][a-z]+day, \d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(cancelled.textBody).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    const russian = await person("ru");
    await contribute(t, russian.cookie, "successful");
    const until = (await memberRoleOf(t, russian.contact.id))?.dateExpires;
    await call(t.app, "POST", "/contact/me/contribution/cancel", { cookie: russian.cookie });
    const inRussian = await lastEmail(russian.contact.id, "cancelled-contribution");
    expect(inRussian.mergeFields.EXPIRES).toBe(writtenDay(until!, "ru-RU"));
    expect(inRussian.textBody).toContain(writtenDay(until!, "ru-RU"));
  });

  it("name a single payment without a period, and keep a value that is no amount or day as given", async () => {
    const { contact } = await person();
    await sendEmail(t.ctx, {
      templateId: "payment-failed",
      to: { email: contact.email },
      contactId: contact.id,
      mergeFields: { AMOUNT: "7.50" },
    });
    expect((await lastEmail(contact.id, "payment-failed")).mergeFields.AMOUNT).toBe("€7.50");

    await sendEmail(t.ctx, {
      templateId: "cancelled-contribution",
      to: { email: contact.email },
      contactId: contact.id,
      mergeFields: { EXPIRES: "-" },
    });
    expect((await lastEmail(contact.id, "cancelled-contribution")).mergeFields.EXPIRES).toBe("-");
  });
});
