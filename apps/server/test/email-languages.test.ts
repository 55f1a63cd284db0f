import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts } from "../src/db/schema/index.js";
import type { ContactRow } from "../src/modules/contacts/queries.js";
import { updateGeneralContent, updateJoinContent } from "../src/modules/content/service.js";
import { builtInTexts } from "../src/modules/emails/default-texts.js";
import { defaultAnswers, loginAs, makeCallout, respond } from "./helpers/callout-factory.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { lastEmailTo } from "./helpers/outbox.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let admin: ContactRow;
let adminCookie: string;
let urls: { loginUrl: string; setPasswordUrl: string; confirmUrl: string };

beforeAll(async () => {
  t = await createTestApp();
  await updateJoinContent(t.ctx, { showNoContribution: true });
  admin = await makeContact(t.database.db, { roles: ["superadmin", "admin", "member"] });
  adminCookie = await loginAs(t.app, admin);
  const appUrl = t.config.appUrl;
  urls = {
    loginUrl: `${appUrl}/auth/login`,
    setPasswordUrl: `${appUrl}/auth/set-password`,
    confirmUrl: `${appUrl}/join/confirm-email`,
  };
});
afterAll(() => t.close());

const uniqueEmail = (name: string) => `${name}.${crypto.randomUUID().slice(0, 8)}@example.org`;

async function storedLocale(email: string): Promise<string | null | undefined> {
  const [row] = await t.database.db.select({ locale: contacts.locale }).from(contacts).where(eq(contacts.email, email));
  return row?.locale;
}

describe("a member who joined on a German page", () => {
  it("gets the confirmation and welcome emails in German, with links that keep the language", async () => {
    const email = uniqueEmail("anna");
    const signup = await call(t.app, "POST", "/signup", {
      body: { email, password: PASSWORD, ...urls, locale: "de" },
    });
    expect(signup.statusCode, signup.body).toBe(204);
    const confirmation = await lastEmailTo(t, email, "confirm-email");
    expect(confirmation.subject).toBe(builtInTexts.de["confirm-email"].subject);
    const link = new URL(confirmation.mergeFields.CONFIRMLINK ?? "");
    expect(link.searchParams.get("lang")).toBe("de");
    const joinFlowId = link.pathname.split("/").at(-1);

    const confirm = await call(t.app, "POST", "/signup/confirm-email", { body: { joinFlowId } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({ locale: "de" });
    expect(await storedLocale(email)).toBe("de");
    const welcome = await lastEmailTo(t, email, "welcome");
    expect(welcome.textBody).toContain("willkommen bei");
    expect(new URL(welcome.mergeFields.LOGINLINK ?? "").searchParams.get("lang")).toBe("de");

    // Later emails, such as a password reset, follow the stored language.
    const reset = await call(t.app, "POST", "/reset-password", {
      body: { email, resetUrl: `${t.config.appUrl}/auth/reset-password` },
    });
    expect(reset.statusCode).toBe(204);
    expect((await lastEmailTo(t, email, "reset-password")).subject).toBe(builtInTexts.de["reset-password"].subject);
  });

  it("refuses a locale that is not one of the eight", async () => {
    const signup = await call(t.app, "POST", "/signup", {
      body: { email: uniqueEmail("fr"), password: PASSWORD, ...urls, locale: "fr" },
    });
    expect(signup.statusCode).toBe(400);
  });
});

describe("the language a member chooses on their account page", () => {
  it("is kept, shown, and used for their emails; null goes back to the organisation's", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const cookie = await loginAs(t.app, member);
    const chosen = await call(t.app, "PATCH", "/contact/me", { cookie, body: { locale: "nl" } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await call(t.app, "GET", "/contact/me", { cookie })).json()).toMatchObject({ locale: "nl" });
    await call(t.app, "POST", "/reset-password", {
      body: { email: member.email, resetUrl: `${t.config.appUrl}/auth/reset-password` },
    });
    expect((await lastEmailTo(t, member.email, "reset-password")).subject).toBe(
      builtInTexts.nl["reset-password"].subject,
    );

    const invalid = await call(t.app, "PATCH", "/contact/me", { cookie, body: { locale: "xx" } });
    expect(invalid.statusCode).toBe(400);
    const cleared = await call(t.app, "PATCH", "/contact/me", { cookie, body: { locale: null } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).not.toHaveProperty("locale");
    expect(await storedLocale(member.email)).toBeNull();
  });

  it("can be set by an admin on the contact", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const changed = await call(t.app, "PATCH", `/contact/${member.id}`, {
      cookie: adminCookie,
      body: { locale: "pt" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ locale: "pt" });
  });
});

describe("a guest answering an Italian callout page", () => {
  it("gets the confirmation in Italian, and the contact made for them keeps Italian", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest" });
    const email = uniqueEmail("giulia");
    const answer = await respond(t.app, callout.id, {
      answers: defaultAnswers("Giulia"),
      guest: { firstname: "Giulia", lastname: "Rossi", email },
      locale: "it",
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const confirmation = await lastEmailTo(t, email, "confirm-callout-response");
    expect(confirmation.textBody).toContain("grazie per aver risposto");
    const link = new URL(confirmation.mergeFields.CONFIRMLINK ?? "");
    expect(link.searchParams.get("lang")).toBe("it");
    const token = link.pathname.split("/").at(-1);
    const confirmed = await call(t.app, "POST", "/callout/responses/confirm", { body: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await storedLocale(email)).toBe("it");
  });

  it("sets the language of a member who answers only when they have none yet", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "member", allowMultiple: true });
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const cookie = await loginAs(t.app, member);
    const first = await respond(t.app, callout.id, { answers: defaultAnswers(), locale: "ru" }, { cookie });
    expect(first.statusCode, first.body).toBe(200);
    expect(await storedLocale(member.email)).toBe("ru");
    await respond(t.app, callout.id, { answers: defaultAnswers(), locale: "pt" }, { cookie });
    expect(await storedLocale(member.email)).toBe("ru");
  });
});

describe("a translation an admin deleted", () => {
  it("falls back to English, and to German for the German variants", async () => {
    const emptied = { subject: "", body: "" };
    const template = "/email/confirm-callout-response";
    for (const locale of ["it", "de@informal"]) {
      const saved = await call(t.app, "PUT", `${template}?locale=${encodeURIComponent(locale)}`, {
        cookie: adminCookie,
        body: emptied,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest" });
    const italian = uniqueEmail("marco");
    const informal = uniqueEmail("jonas");
    for (const [email, locale] of [
      [italian, "it"],
      [informal, "de@informal"],
    ] as const) {
      const answer = await respond(t.app, callout.id, {
        answers: defaultAnswers(),
        guest: { firstname: "Guest", lastname: "Person", email },
        locale,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    expect((await lastEmailTo(t, italian, "confirm-callout-response")).textBody).toContain("Thank you for answering");
    expect((await lastEmailTo(t, informal, "confirm-callout-response")).textBody).toContain(
      "vielen Dank für Ihre Antwort",
    );

    for (const locale of ["it", "de@informal"]) {
      await call(t.app, "DELETE", `${template}?locale=${encodeURIComponent(locale)}`, { cookie: adminCookie });
    }
  });
});

describe("emails to staff", () => {
  it("use the language the admin chose", async () => {
    const dutchAdmin = await makeContact(t.database.db, { roles: ["admin", "member"] });
    await call(t.app, "PATCH", "/contact/me", { cookie: await loginAs(t.app, dutchAdmin), body: { locale: "nl" } });
    await updateGeneralContent(t.ctx, { supportEmail: dutchAdmin.email });
    const email = uniqueEmail("joiner");
    await call(t.app, "POST", "/signup", { body: { email, password: PASSWORD, ...urls, locale: "de" } });
    const link = new URL((await lastEmailTo(t, email, "confirm-email")).mergeFields.CONFIRMLINK ?? "");
    const joinFlowId = link.pathname.split("/").at(-1);
    expect((await call(t.app, "POST", "/signup/confirm-email", { body: { joinFlowId } })).statusCode).toBe(200);
    const notice = await lastEmailTo(t, dutchAdmin.email, "new-member");
    expect(notice.textBody).toContain("is zojuist lid geworden");
    await updateGeneralContent(t.ctx, { supportEmail: "" });
  });
});
