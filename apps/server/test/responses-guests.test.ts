import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUEST_RESPONSE_CONFIRM_PATH } from "@cohort/common/callouts";
import { calloutResponses, contactProfiles, contactRoles, contacts, emailOutbox } from "../src/db/schema/index.js";
import { GUEST_RESPONSES_PER_RECIPIENT } from "../src/http/rate-limits.js";
import type { ContactRow } from "../src/modules/contacts/queries.js";
import { GUEST_CONFIRMATION_LIFETIME } from "../src/modules/responses/confirmations/service.js";
import { defaultAnswers, loginAs, makeCallout, respond } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let superadmin: ContactRow;

const newsletter = { optIn: true, groups: ["weekly"] };
const guestWith = (email: string, firstname = "Sam") => ({ firstname, lastname: "Guest", email });

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await makeContact(t.database.db, { roles: ["superadmin", "admin", "member"] });
});
afterAll(() => t.close());

async function responsesTo(calloutId: string) {
  return t.database.db
    .select()
    .from(calloutResponses)
    .where(eq(calloutResponses.calloutId, calloutId))
    .orderBy(asc(calloutResponses.number));
}

/** The token of the latest confirmation link emailed to the address. */
async function emailedToken(email: string): Promise<string> {
  const emails = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.templateId, "confirm-callout-response")))
    .orderBy(asc(emailOutbox.createdAt));
  const link = emails.at(-1)?.mergeFields.CONFIRMLINK;
  if (!link) throw new Error(`no confirmation link was emailed to ${email}`);
  expect(link.startsWith(`${t.config.appUrl}${GUEST_RESPONSE_CONFIRM_PATH}/`)).toBe(true);
  return link.slice(link.lastIndexOf("/") + 1);
}

const confirm = (token: string) => call(t.app, "POST", "/callout/responses/confirm", { body: { token } });

describe("a guest giving someone else's email", () => {
  it("does not attach the response to the superadmin and does not block them", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest" });
    const impostor = await respond(t.app, callout.id, {
      answers: defaultAnswers("Impostor"),
      guest: guestWith(superadmin.email.toUpperCase()),
    });
    expect(impostor.statusCode, impostor.body).toBe(200);
    expect((await responsesTo(callout.id)).map((row) => row.contactId)).toEqual([null]);

    const cookie = await loginAs(t.app, superadmin);
    const own = await respond(t.app, callout.id, { answers: defaultAnswers("Own") }, { cookie });
    expect(own.statusCode, own.body).toBe(200);
    const rows = await responsesTo(callout.id);
    expect(rows.map((row) => [row.answers.slide1?.name, row.contactId])).toEqual([
      ["Impostor", null],
      ["Own", superadmin.id],
    ]);
    // Only the superadmin's own response is theirs in their list.
    const mine = await call(
      t.app,
      "GET",
      `/callout/${callout.id}/responses?rules=${encodeURIComponent(
        JSON.stringify({ condition: "AND", rules: [{ field: "contact", operator: "equal", value: ["me"] }] }),
      )}`,
      { cookie },
    );
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().items.map((item: { id: string }) => item.id)).toEqual([own.json().id]);
  });

  it("shows the guest's name and email in the admin's list", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest", allowMultiple: true });
    await respond(t.app, callout.id, { answers: defaultAnswers(), guest: guestWith("listed@example.org", "Lee") });
    const cookie = await loginAs(t.app, superadmin);
    const list = await call(t.app, "GET", `/callout/${callout.id}/responses`, { cookie });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toMatchObject([{ guestName: "Lee Guest", guestEmail: "listed@example.org" }]);
  });
});

describe("confirming a guest's email address", () => {
  it("emails the guest a link that links the response to the existing contact, with the newsletter choice", async () => {
    const person = await makeContact(t.database.db, { email: "confirming.person@example.org" });
    const callout = await makeCallout(t.database.db, t.clock, { access: "anonymous", allowMultiple: true });
    const response = await respond(t.app, callout.id, {
      answers: defaultAnswers(),
      guest: guestWith("Confirming.Person@example.org"),
      newsletter,
    });
    expect(response.statusCode, response.body).toBe(200);
    const token = await emailedToken("confirming.person@example.org");

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ calloutSlug: callout.slug });
    const [row] = await responsesTo(callout.id);
    expect(row).toMatchObject({ contactId: person.id, newsletter, guestEmail: "confirming.person@example.org" });

    // Opening the link again changes nothing.
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it("makes the contact when nobody has the address yet, with the guest's names and no roles", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest" });
    const email = "brand.new.guest@example.org";
    await respond(t.app, callout.id, { answers: defaultAnswers(), guest: guestWith(email, "Brand") });
    expect(await t.database.db.select().from(contacts).where(eq(contacts.email, email))).toEqual([]);

    const token = await emailedToken(email);
    expect((await confirm(token)).statusCode).toBe(200);
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.email, email));
    expect(contact).toMatchObject({ firstname: "Brand", lastname: "Guest", passwordHash: null });
    // A new id: the emailed link's token names the confirmation, never the contact.
    expect(contact?.id).not.toBe(token);
    expect(await t.database.db.select().from(contactRoles).where(eq(contactRoles.contactId, contact!.id))).toEqual([]);
    expect(
      await t.database.db.select().from(contactProfiles).where(eq(contactProfiles.contactId, contact!.id)),
    ).toHaveLength(1);
    expect((await responsesTo(callout.id))[0]?.contactId).toBe(contact?.id);
  });

  it("keeps a response apart when the contact has answered the single-response callout already", async () => {
    const person = await makeContact(t.database.db, { email: "answered.before@example.org" });
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest" });
    await respond(t.app, callout.id, { answers: defaultAnswers("Guest"), guest: guestWith(person.email) });
    const token = await emailedToken(person.email);
    const cookie = await loginAs(t.app, person);
    expect((await respond(t.app, callout.id, { answers: defaultAnswers("Own") }, { cookie })).statusCode).toBe(200);

    const refused = await confirm(token);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: "invalid-callout-response", subCode: "cant-update" });
    const rows = await responsesTo(callout.id);
    expect(rows.map((row) => [row.answers.slide1?.name, row.contactId])).toEqual([
      ["Guest", null],
      ["Own", person.id],
    ]);
  });

  it("refuses unknown and expired links", async () => {
    expect((await confirm("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest" });
    const email = "too.late@example.org";
    await respond(t.app, callout.id, { answers: defaultAnswers(), guest: guestWith(email) });
    const token = await emailedToken(email);
    t.clock.advance(GUEST_CONFIRMATION_LIFETIME + 1000);
    try {
      const expired = await confirm(token);
      expect(expired.statusCode).toBe(404);
      expect(expired.json()).toMatchObject({ code: "not-found" });
    } finally {
      t.clock.advance(-(GUEST_CONFIRMATION_LIFETIME + 1000));
    }
    expect((await responsesTo(callout.id))[0]?.contactId).toBeNull();
  });
});

describe("limits on guest submissions", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ GUEST_RESPONSE_LIMIT: "3" });
  });
  afterAll(() => limited.close());

  const send = (calloutId: string, email: string, remoteAddress: string, cookie?: string) =>
    call(limited.app, "POST", `/callout/${calloutId}/responses`, {
      body: { answers: defaultAnswers(), ...(email ? { guest: guestWith(email) } : {}) },
      remoteAddress,
      ...(cookie ? { cookie } : {}),
    });

  it("refuses a client address that sends more guest responses than the limit, while others go on", async () => {
    const callout = await makeCallout(limited.database.db, limited.clock, { access: "anonymous", allowMultiple: true });
    for (let i = 0; i < 3; i++) {
      expect((await send(callout.id, `flood${i}@example.org`, "203.0.113.50")).statusCode).toBe(200);
    }
    const refused = await send(callout.id, "flood-more@example.org", "203.0.113.50");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "too-many-requests", httpCode: 429 });
    expect((await send(callout.id, "elsewhere@example.org", "203.0.113.51")).statusCode).toBe(200);
    // Anonymous answers from the same address are not guest submissions.
    expect((await send(callout.id, "", "203.0.113.50")).statusCode).toBe(200);
    expect(await countResponses(callout.id)).toBe(5);
  });

  it("refuses more confirmation emails to one address than the limit, from any client", async () => {
    const callout = await makeCallout(limited.database.db, limited.clock, { access: "guest", allowMultiple: true });
    const { max } = GUEST_RESPONSES_PER_RECIPIENT;
    const statuses = [];
    for (let i = 0; i <= max; i++) {
      statuses.push((await send(callout.id, "inbox@example.org", `198.51.100.${i}`)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(max).fill(200), 429]);
  });

  async function countResponses(calloutId: string) {
    const rows = await limited.database.db
      .select({ id: calloutResponses.id })
      .from(calloutResponses)
      .where(eq(calloutResponses.calloutId, calloutId));
    return rows.length;
  }
});
