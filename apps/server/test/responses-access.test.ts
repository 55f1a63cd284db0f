import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalloutAccess } from "@cohort/common/callouts";
import { calloutResponses, contacts } from "../src/db/schema/index.js";
import { upsertRole, type ContactRow } from "../src/modules/contacts/queries.js";
import { defaultAnswers, loginAs, makeCallout, respond } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let member: ContactRow;
let memberCookie: string;
let expiredCookie: string;
let plainCookie: string;
let plain: ContactRow;

const ONE_DAY_MS = 86_400_000;
const guest = { firstname: "Grace", lastname: "Hopper", email: "grace.hopper@example.org" };
const newsletter = { optIn: true, groups: ["weekly"] };

beforeAll(async () => {
  t = await createTestApp();
  member = await makeContact(t.database.db, { roles: ["member"] });
  memberCookie = await loginAs(t.app, member);
  const expired = await makeContact(t.database.db);
  const past = t.clock.now().getTime();
  await upsertRole(t.database.db, {
    contactId: expired.id,
    role: "member",
    dateAdded: new Date(past - 30 * ONE_DAY_MS),
    dateExpires: new Date(past - ONE_DAY_MS),
  });
  expiredCookie = await loginAs(t.app, expired);
  plain = await makeContact(t.database.db);
  plainCookie = await loginAs(t.app, plain);
});
afterAll(() => t.close());

const calloutFor = (access: CalloutAccess) => makeCallout(t.database.db, t.clock, { access, allowMultiple: true });

async function storedResponse(id: string) {
  const [row] = await t.database.db.select().from(calloutResponses).where(eq(calloutResponses.id, id));
  if (!row) throw new Error(`no response ${id}`);
  return row;
}

async function expectRefusal(response: Awaited<ReturnType<typeof respond>>, subCode: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({
    httpCode: 400,
    name: "BadRequestError",
    code: "invalid-callout-response",
    subCode,
  });
}

const contactsWithEmail = (email: string) => t.database.db.select().from(contacts).where(eq(contacts.email, email));

describe("access member", () => {
  it("takes a response from an active member, linked to them, and answers with the response", async () => {
    const callout = await calloutFor("member");
    const response = await respond(
      t.app,
      callout.id,
      { answers: defaultAnswers(), newsletter },
      { cookie: memberCookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(String),
      number: 1,
      createdAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
      bucket: "",
      guestName: null,
      guestEmail: null,
    });
    expect(await storedResponse(body.id)).toMatchObject({
      calloutId: callout.id,
      contactId: member.id,
      answers: defaultAnswers(),
      newsletter,
      guestName: null,
      guestEmail: null,
    });
  });

  it("refuses a contact whose membership expired, and one who never had one", async () => {
    const callout = await calloutFor("member");
    await expectRefusal(
      await respond(t.app, callout.id, { answers: defaultAnswers() }, { cookie: expiredCookie }),
      "expired-user",
    );
    await expectRefusal(
      await respond(t.app, callout.id, { answers: defaultAnswers() }, { cookie: plainCookie }),
      "expired-user",
    );
  });

  it("is closed to visitors, with or without guest details", async () => {
    const callout = await calloutFor("member");
    await expectRefusal(await respond(t.app, callout.id, { answers: defaultAnswers() }), "closed");
    await expectRefusal(await respond(t.app, callout.id, { answers: defaultAnswers(), guest }), "closed");
  });

  it("refuses guest details from a logged-in caller", async () => {
    const callout = await calloutFor("member");
    const response = await respond(t.app, callout.id, { answers: defaultAnswers(), guest }, { cookie: memberCookie });
    await expectRefusal(response, "logged-in-guest-fields");
  });
});

describe("access guest", () => {
  it("asks visitors for their details", async () => {
    const callout = await calloutFor("guest");
    await expectRefusal(await respond(t.app, callout.id, { answers: defaultAnswers() }), "guest-fields-missing");
  });

  it("keeps a guest's details on a response that belongs to nobody, and answers with the id only", async () => {
    const callout = await calloutFor("guest");
    const email = "New.Guest@Example.org";
    const body = { answers: defaultAnswers(), guest: { ...guest, email }, newsletter };
    const response = await respond(t.app, callout.id, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys(response.json())).toEqual(["id"]);

    expect(await contactsWithEmail("new.guest@example.org")).toEqual([]);
    const stored = await storedResponse(response.json().id);
    // The newsletter choice waits for the guest to confirm their address.
    expect(stored).toMatchObject({
      contactId: null,
      newsletter: null,
      guestName: "Grace Hopper",
      guestEmail: "new.guest@example.org",
    });
  });

  it("makes no contact however often a guest answers", async () => {
    const callout = await calloutFor("guest");
    const email = "repeat.guest@example.org";
    const first = await respond(t.app, callout.id, { answers: defaultAnswers(), guest: { ...guest, email } });
    const second = await respond(t.app, callout.id, {
      answers: defaultAnswers(),
      guest: { ...guest, firstname: "Other", email: "REPEAT.Guest@example.org" },
    });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await contactsWithEmail(email)).toEqual([]);
    expect((await storedResponse(first.json().id)).contactId).toBeNull();
    expect((await storedResponse(second.json().id)).guestName).toBe("Other Hopper");
  });

  it("does not link a guest to the existing contact with that email", async () => {
    const callout = await calloutFor("guest");
    await makeContact(t.database.db, { email: "known.person@example.org" });
    const response = await respond(t.app, callout.id, {
      answers: defaultAnswers(),
      guest: { ...guest, email: "Known.Person@example.org" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedResponse(response.json().id)).toMatchObject({
      contactId: null,
      guestEmail: "known.person@example.org",
    });
  });

  it("takes a logged-in contact's response without a membership, linked to them", async () => {
    const callout = await calloutFor("guest");
    const response = await respond(t.app, callout.id, { answers: defaultAnswers() }, { cookie: plainCookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ number: 1, bucket: "" });
    expect((await storedResponse(response.json().id)).contactId).toBe(plain.id);
  });
});

describe("access anonymous", () => {
  it("stores a visitor's response with no contact and no newsletter choice", async () => {
    const callout = await calloutFor("anonymous");
    const response = await respond(t.app, callout.id, { answers: defaultAnswers(), newsletter });
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys(response.json())).toEqual(["id"]);
    expect(await storedResponse(response.json().id)).toMatchObject({ contactId: null, newsletter: null });
  });

  it("keeps the details of a visitor who gives them on the response, linked to nobody", async () => {
    const callout = await calloutFor("anonymous");
    const email = "anonymous.but.named@example.org";
    const response = await respond(t.app, callout.id, {
      answers: defaultAnswers(),
      guest: { ...guest, email },
      newsletter,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await contactsWithEmail(email)).toEqual([]);
    expect(await storedResponse(response.json().id)).toMatchObject({
      contactId: null,
      newsletter: null,
      guestEmail: email,
    });
  });

  it("links a logged-in caller's response to them", async () => {
    const callout = await calloutFor("anonymous");
    const response = await respond(t.app, callout.id, { answers: defaultAnswers() }, { cookie: memberCookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toHaveProperty("number", 1);
    expect((await storedResponse(response.json().id)).contactId).toBe(member.id);
  });
});

describe("access only-anonymous", () => {
  it("stores a visitor's response with no contact", async () => {
    const callout = await calloutFor("only-anonymous");
    const response = await respond(t.app, callout.id, { answers: defaultAnswers() });
    expect(response.statusCode, response.body).toBe(200);
    expect((await storedResponse(response.json().id)).contactId).toBeNull();
  });

  it("refuses guest details", async () => {
    const callout = await calloutFor("only-anonymous");
    await expectRefusal(await respond(t.app, callout.id, { answers: defaultAnswers(), guest }), "only-anonymous");
  });

  it("keeps a logged-in caller's response apart from them, answering with the id only", async () => {
    const callout = await calloutFor("only-anonymous");
    const response = await respond(
      t.app,
      callout.id,
      { answers: defaultAnswers(), newsletter },
      { cookie: memberCookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys(response.json())).toEqual(["id"]);
    expect(await storedResponse(response.json().id)).toMatchObject({ contactId: null, newsletter: null });
  });
});

describe("callout lookup", () => {
  it("finds a callout by slug and by id in capitals", async () => {
    const callout = await calloutFor("anonymous");
    expect((await respond(t.app, callout.slug, { answers: defaultAnswers() })).statusCode).toBe(200);
    expect((await respond(t.app, callout.id.toUpperCase(), { answers: defaultAnswers() })).statusCode).toBe(200);
  });

  it("answers 404 for an unknown slug or id", async () => {
    for (const idOrSlug of ["no-such-callout", "6f1c8a52-4a0e-4d59-9b8e-2f4a1f0c9d11"]) {
      const response = await respond(t.app, idOrSlug, { answers: defaultAnswers() });
      expect(response.statusCode, idOrSlug).toBe(404);
      expect(response.json().code).toBe("not-found");
    }
  });
});
