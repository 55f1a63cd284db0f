import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paidUntilOf } from "@cohort/common/contributions";
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

/** The day as the email should write it, e.g. "Thursday, 2 December 2027"; Russian leaves the weekday out. */
function writtenDay(date: Date, tag: string): string {
  const day = { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" } as const;
  return new Intl.DateTimeFormat(tag, tag === "ru-RU" ? day : { ...day, weekday: "long" }).format(date);
}

/** Someone giving €10 a month who changes it as `body` says; answers them, the new contribution and its email. */
async function changeContribution(body: Record<string, unknown>, locale: Locale | null = null) {
  const member = await person(locale);
  await contribute(t, member.cookie, "successful", { amount: 10 });
  const patch = await call(t.app, "PATCH", "/contact/me/contribution", { cookie: member.cookie, body });
  expect(patch.statusCode, patch.body).toBe(200);
  const info = patch.json<{ amount: number; nextAmount?: number; renewalDate: string }>();
  return { ...member, info, email: await lastEmail(member.contact.id, "contribution-changed") };
}

const monthlyChange = (amount: number) => ({ amount, period: "monthly", payFee: false });

describe("contribution emails", () => {
  it("name a changed amount in the site's currency, with its period, in the reader's language", async () => {
    const english = await changeContribution(monthlyChange(120));
    expect(english.email.mergeFields.AMOUNT).toBe("€120.00 a month");
    expect(english.email.textBody).toContain("Your new contribution of €120.00 a month applies from ");
    expect(english.email.textBody).not.toContain("120.00.");

    const german = await changeContribution(monthlyChange(1234.5), "de");
    expect(german.email.mergeFields.AMOUNT).toBe("1.234,50\u00a0€ pro Monat");
    expect(german.email.textBody).toContain("Ihr neuer Beitrag von 1.234,50\u00a0€ pro Monat gilt ab ");
  });

  it("say that a change left for the next payment applies only from the day that payment is due", async () => {
    const english = await changeContribution(monthlyChange(25));
    // The test provider, like Stripe, keeps the current amount until the next payment.
    expect(english.info).toMatchObject({ amount: 10, nextAmount: 25 });
    const nextPayment = writtenDay(new Date(english.info.renewalDate), "en-GB");
    expect(nextPayment).not.toBe(writtenDay(t.clock.now(), "en-GB"));
    expect(english.email.mergeFields.STARTDATE).toBe(nextPayment);
    expect(english.email.textBody).toContain(`Your new contribution of €25.00 a month applies from ${nextPayment}.`);
    expect(english.email.textBody).not.toContain("is now");

    const dutch = await changeContribution(monthlyChange(25), "nl");
    const dutchDay = writtenDay(new Date(dutch.info.renewalDate), "nl-NL");
    expect(dutch.email.textBody).toContain(`Je nieuwe bijdrage van €\u00a025,00 per maand geldt vanaf ${dutchDay}.`);
  });

  it("say that a change that applies at once applies from today", async () => {
    // A new period starts a new subscription, which collects its first payment now.
    const english = await changeContribution({ amount: 120, period: "annually", prorate: false });
    expect(english.info).not.toHaveProperty("nextAmount");
    const today = writtenDay(t.clock.now(), "en-GB");
    expect(english.email.textBody).toContain(`Your new contribution of €120.00 a year applies from ${today}.`);
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
    // The end of the paid time: a cancellation gets no grace period.
    expect(cancelled.mergeFields.EXPIRES).toBe(writtenDay(paidUntilOf(expires!), "en-GB"));
    expect(cancelled.mergeFields.EXPIRES).toMatch(/^[A-Z][a-z]+day, \d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(cancelled.textBody).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    const russian = await person("ru");
    await contribute(t, russian.cookie, "successful");
    const until = (await memberRoleOf(t, russian.contact.id))?.dateExpires;
    await call(t.app, "POST", "/contact/me/contribution/cancel", { cookie: russian.cookie });
    const inRussian = await lastEmail(russian.contact.id, "cancelled-contribution");
    expect(inRussian.mergeFields.EXPIRES).toBe(writtenDay(paidUntilOf(until!), "ru-RU"));
    expect(inRussian.textBody).toContain(`до ${writtenDay(paidUntilOf(until!), "ru-RU")}.`);
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
