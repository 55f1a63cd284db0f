import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentStatus } from "@cohort/common/payments";
import { generateTotp } from "../src/modules/auth/totp.js";
import {
  calloutResponseComments,
  calloutResponses,
  contactProfiles,
  contactTagAssignments,
  contactTags,
  payments,
} from "../src/db/schema/index.js";
import { defaultAnswers, loginAs, makeCallout, respond } from "./helpers/callout-factory.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";
import { readStoredZip } from "./helpers/zip.js";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password = PASSWORD, token?: string) =>
  call(t.app, "POST", "/auth/login", { body: { email, password, ...(token ? { token } : {}) } });

describe("a member's own account", () => {
  it("changes the name, and the password only with the current one", async () => {
    const member = await makeContact(t.database.db);
    const cookie = await loginAs(t.app, member);

    const renamed = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { firstname: "Grace", lastname: "Hopper" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ firstname: "Grace", lastname: "Hopper", email: member.email });

    const missing = await call(t.app, "PATCH", "/contact/me", { cookie, body: { password: "New-password-1" } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([expect.objectContaining({ property: "currentPassword" })]);

    const wrong = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { password: "New-password-1", currentPassword: "Not-it-123" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("wrong-password");

    const changed = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { password: "New-password-1", currentPassword: PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await login(member.email)).statusCode).toBe(401);
    expect((await login(member.email, "New-password-1")).statusCode).toBe(204);
  });

  it("keeps the old address until the link sent to the new one is followed", async () => {
    const member = await makeContact(t.database.db);
    const cookie = await loginAs(t.app, member);
    const newEmail = `new.${randomUUID().slice(0, 8)}@example.org`;
    const response = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { email: newEmail, currentPassword: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(member.email);
  });

  it("turns 2FA on with a first code and off with a later one; a used code is refused", async () => {
    const member = await makeContact(t.database.db);
    const cookie = await loginAs(t.app, member);
    const enrolCode = generateTotp(SECRET, t.clock.now());
    const on = await call(t.app, "POST", "/contact/me/mfa", {
      cookie,
      body: { secret: SECRET, token: enrolCode, type: "totp" },
    });
    expect(on.statusCode).toBe(201);

    // The code that turned it on cannot turn it off again.
    const replay = await call(t.app, "DELETE", "/contact/me/mfa", {
      cookie,
      body: { type: "totp", token: enrolCode, currentPassword: PASSWORD },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe("token-already-used");

    t.clock.advance(30_000);
    const loginCode = generateTotp(SECRET, t.clock.now());
    const loggedIn = await login(member.email, PASSWORD, loginCode);
    expect(loggedIn.statusCode).toBe(204);
    const secondCookie = sessionCookie(loggedIn);
    // Nor can the code just used to log in.
    const replayLogin = await call(t.app, "DELETE", "/contact/me/mfa", {
      cookie: secondCookie,
      body: { type: "totp", token: loginCode, currentPassword: PASSWORD },
    });
    expect(replayLogin.json().code).toBe("token-already-used");

    t.clock.advance(30_000);
    const off = await call(t.app, "DELETE", "/contact/me/mfa", {
      cookie: secondCookie,
      body: { type: "totp", token: generateTotp(SECRET, t.clock.now()), currentPassword: PASSWORD },
    });
    expect(off.statusCode).toBe(201);
    expect((await login(member.email)).statusCode).toBe(204);
  });
});

describe("an admin on someone else's account", () => {
  it("sets a member's password and removes their 2FA, but not a superadmin's", async () => {
    const admin = await makeContact(t.database.db, { roles: ["admin"] });
    const member = await makeContact(t.database.db, { totpSecret: SECRET });
    const superadmin = await makeContact(t.database.db, { roles: ["superadmin"], totpSecret: SECRET });
    const cookie = await loginAs(t.app, admin);

    const set = await call(t.app, "PATCH", `/contact/${member.id}`, { cookie, body: { password: "Set-by-admin-1" } });
    expect(set.statusCode, set.body).toBe(200);
    const removed = await call(t.app, "DELETE", `/contact/${member.id}/mfa`, { cookie, body: { type: "totp" } });
    expect(removed.statusCode).toBe(201);
    expect((await login(member.email, "Set-by-admin-1")).statusCode).toBe(204);

    const above = await call(t.app, "PATCH", `/contact/${superadmin.id}`, {
      cookie,
      body: { password: "Set-by-admin-1" },
    });
    expect(above.statusCode).toBe(403);
    expect(above.json().code).toBe("forbidden");
    const aboveMfa = await call(t.app, "DELETE", `/contact/${superadmin.id}/mfa`, { cookie, body: { type: "totp" } });
    expect(aboveMfa.statusCode).toBe(403);
    expect((await call(t.app, "GET", `/contact/${superadmin.id}/mfa`, { cookie })).statusCode).toBe(200);
  });

  it("is refused to a member acting on someone else", async () => {
    const member = await makeContact(t.database.db);
    const other = await makeContact(t.database.db, { totpSecret: SECRET });
    const cookie = await loginAs(t.app, member);
    const password = await call(t.app, "PATCH", `/contact/${other.id}`, {
      cookie,
      body: { password: "Hijack-it-123" },
    });
    expect(password.statusCode).toBe(401);
    const mfa = await call(t.app, "DELETE", `/contact/${other.id}/mfa`, { cookie, body: { type: "totp" } });
    expect(mfa.statusCode).toBe(401);
  });
});

async function fillAccount(label: string) {
  const db = t.database.db;
  const contact = await makeContact(db, { firstname: label, roles: ["member"] });
  const profile = { telephone: `+4912345${label.length}`, newsletterGroups: [`${label}-group`] };
  await db
    .insert(contactProfiles)
    .values({ contactId: contact.id, ...profile })
    .onConflictDoUpdate({ target: contactProfiles.contactId, set: profile });
  const tagId = randomUUID();
  await db.insert(contactTags).values({ id: tagId, name: `${label}-tag` });
  await db.insert(contactTagAssignments).values({ contactId: contact.id, tagId });
  const paymentIds: string[] = [];
  const pay = async (amount: number, status: PaymentStatus, refunded = 0) => {
    const id = randomUUID();
    paymentIds.push(id);
    const at = t.clock.now();
    await db.insert(payments).values({
      id,
      contactId: contact.id,
      provider: "test",
      providerPaymentId: `${label}-${id}`,
      amount,
      amountRefunded: refunded,
      currency: "EUR",
      status,
      chargeDate: at,
      createdAt: at,
      updatedAt: at,
    });
  };
  await pay(1234, "successful");
  await pay(500, "successful", 250);
  const callout = await makeCallout(db, t.clock, { title: `${label} callout`, access: "member" });
  const cookie = await loginAs(t.app, contact);
  const answered = await respond(t.app, callout.id, { answers: defaultAnswers(`${label}-answer`) }, { cookie });
  expect(answered.statusCode, answered.body).toBeLessThan(300);
  return { contact, cookie, paymentIds, callout };
}

/** A comment written by `author` on the first response to `calloutId`. */
async function comment(author: string, calloutId: string, text: string) {
  const [response] = await t.database.db
    .select({ id: calloutResponses.id })
    .from(calloutResponses)
    .where(eq(calloutResponses.calloutId, calloutId));
  const at = t.clock.now();
  await t.database.db.insert(calloutResponseComments).values({
    id: randomUUID(),
    responseId: response!.id,
    contactId: author,
    text,
    createdAt: at,
    updatedAt: at,
  });
}

describe("GET /contact/me/export", () => {
  it("holds the member's own records and nobody else's", async () => {
    const ada = await fillAccount("Adaexport");
    const bob = await fillAccount("Bobexport");
    // Ada commented on Bob's response and Bob on Ada's: each export holds only the comments its owner wrote.
    await comment(ada.contact.id, bob.callout.id, "<p>Ada-comment</p>");
    await comment(bob.contact.id, ada.callout.id, "<p>Bobexport-comment</p>");

    const response = await call(t.app, "GET", "/contact/me/export", { cookie: ada.cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = response.json();
    expect(data.profile).toMatchObject({ id: ada.contact.id, email: ada.contact.email, firstname: "Adaexport" });
    expect(data.profile.newsletterGroups).toEqual(["Adaexport-group"]);
    expect(data.roles.map((role: { role: string }) => role.role)).toEqual(["member"]);
    expect(data.tags).toEqual(["Adaexport-tag"]);
    expect(data.payments.map((payment: { id: string }) => payment.id).sort()).toEqual([...ada.paymentIds].sort());
    expect(data.payments.map((payment: { amount: number }) => payment.amount).sort()).toEqual([12.34, 5]);
    expect(data.calloutResponses).toHaveLength(1);
    expect(data.calloutResponses[0]).toMatchObject({ calloutId: ada.callout.id, calloutTitle: "Adaexport callout" });
    expect(data.comments).toHaveLength(1);
    expect(data.comments[0]).toMatchObject({ text: "<p>Ada-comment</p>", calloutSlug: bob.callout.slug });
    expect(JSON.stringify(data)).not.toContain("passwordHash");
    expect(JSON.stringify(data)).not.toContain(SECRET);

    // Not one value of the other member's records appears anywhere.
    const text = response.body;
    const foreignValues = [bob.contact.id, bob.contact.email, "Bobexport", bob.callout.id, ...bob.paymentIds];
    for (const foreign of foreignValues) {
      expect(text).not.toContain(foreign);
    }

    const zip = await call(t.app, "GET", "/contact/me/export?format=zip", { cookie: ada.cookie });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    const files = readStoredZip(zip.rawPayload);
    const names = [...files.keys()].map((name) => name.replace(/^my-data-[\d-]+\//, ""));
    expect(names).toEqual([
      "profile.csv",
      "roles.csv",
      "tags.csv",
      "contribution.csv",
      "payments.csv",
      "callout-responses.csv",
      "comments.csv",
      "my-data.json",
    ]);
    const all = [...files.values()].join("\n");
    expect(all).toContain("12.34");
    expect(all).toContain("Adaexport-answer");
    for (const foreign of [bob.contact.id, "Bobexport", ...bob.paymentIds]) expect(all).not.toContain(foreign);
  });

  it("is only for the person themselves", async () => {
    expect((await call(t.app, "GET", "/contact/me/export")).statusCode).toBe(401);
    const bad = await call(t.app, "GET", "/contact/me/export?format=pdf", {
      cookie: await loginAs(t.app, await makeContact(t.database.db)),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("writes comments as plain text in comments.csv, and as stored in the JSON", async () => {
    const cara = await fillAccount("Caraexport");
    const html = "<p>First &amp; <strong>bold</strong></p><p>Second<br>line</p>";
    await comment(cara.contact.id, cara.callout.id, html);
    const zip = await call(t.app, "GET", "/contact/me/export?format=zip", { cookie: cara.cookie });
    expect(zip.statusCode).toBe(200);
    const files = [...readStoredZip(zip.rawPayload).entries()];
    const comments = files.find(([name]) => name.endsWith("comments.csv"))?.[1];
    expect(comments).toContain(`,"First & bold\n\nSecond\nline"`);
    expect(comments).not.toMatch(/<\/?(p|strong|br)>|&amp;/);
    const json = JSON.parse(files.find(([name]) => name.endsWith("my-data.json"))?.[1] ?? "{}");
    expect(json.comments[0].text).toBe(html);
  });

  it("quotes what a spreadsheet would run as a formula", async () => {
    const member = await makeContact(t.database.db, { firstname: "=HYPERLINK(1)" });
    const cookie = await loginAs(t.app, member);
    const zip = await call(t.app, "GET", "/contact/me/export?format=zip", { cookie });
    const profile = [...readStoredZip(zip.rawPayload).entries()].find(([name]) => name.endsWith("profile.csv"))?.[1];
    expect(profile).toContain("firstname,'=HYPERLINK(1)");
  });
});
