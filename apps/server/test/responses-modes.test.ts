import { randomUUID } from "node:crypto";
import { asc, eq, like } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalloutSpec } from "./helpers/callout-factory.js";
import { calloutResponses, callouts, contacts } from "../src/db/schema/index.js";
import type { ContactRow } from "../src/modules/contacts/queries.js";
import { InsertBatcher } from "../src/modules/responses/insert-batcher.js";
import { defaultAnswers, loginAs, makeCallout, respond } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let member: ContactRow;
let memberCookie: string;

const guest = { firstname: "Mary", lastname: "Jackson", email: "mary.jackson@example.org" };

beforeAll(async () => {
  t = await createTestApp();
  member = await makeContact(t.database.db, { roles: ["member"] });
  memberCookie = await loginAs(t.app, member);
});
afterAll(() => t.close());

function storedResponses(calloutId: string) {
  return t.database.db
    .select()
    .from(calloutResponses)
    .where(eq(calloutResponses.calloutId, calloutId))
    .orderBy(asc(calloutResponses.number));
}

function expectCantUpdate(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ code: "invalid-callout-response", subCode: "cant-update" });
}

const memberCallout = (spec: CalloutSpec) => makeCallout(t.database.db, t.clock, { access: "member", ...spec });
const asMember = (calloutId: string, name: string, extra: object = {}) =>
  respond(t.app, calloutId, { answers: defaultAnswers(name), ...extra }, { cookie: memberCookie });

describe("response modes for a logged-in member", () => {
  it("multiple: every submission is a new response, numbered in turn", async () => {
    const callout = await memberCallout({ allowMultiple: true });
    const first = await asMember(callout.id, "One");
    const second = await asMember(callout.id, "Two");
    expect([first.json().number, second.json().number]).toEqual([1, 2]);
    expect(first.json().id).not.toBe(second.json().id);
    expect((await storedResponses(callout.id)).map((row) => row.answers.slide1?.name)).toEqual(["One", "Two"]);
  });

  it("multiple wins when updates are allowed too", async () => {
    const callout = await memberCallout({ allowMultiple: true, allowUpdate: true });
    await asMember(callout.id, "One");
    await asMember(callout.id, "Two");
    expect(await storedResponses(callout.id)).toHaveLength(2);
  });

  it("single and editable: a second submission overwrites the latest response", async () => {
    const callout = await memberCallout({ allowUpdate: true });
    const first = (await asMember(callout.id, "Before", { newsletter: { optIn: true, groups: ["a"] } })).json();
    t.clock.advance(60_000);
    const second = await asMember(callout.id, "After");
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      id: first.id,
      number: first.number,
      createdAt: first.createdAt,
      updatedAt: t.clock.now().toISOString(),
    });
    const rows = await storedResponses(callout.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ answers: defaultAnswers("After"), newsletter: null, contactId: member.id });
  });

  it("single and editable: no overwrite once the callout has ended, even while it is cached as open", async () => {
    const callout = await memberCallout({ allowUpdate: true });
    expect((await asMember(callout.id, "Before")).statusCode).toBe(200);
    await t.database.db.update(callouts).set({ expires: t.clock.now() }).where(eq(callouts.id, callout.id));
    t.clock.advance(1);
    const late = await asMember(callout.id, "Too late");
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json()).toMatchObject({ code: "invalid-callout-response", subCode: "closed" });
    expect((await storedResponses(callout.id)).map((row) => row.answers.slide1?.name)).toEqual(["Before"]);
  });

  it("single and editable: once the earlier response is deleted, the next answer is a new one", async () => {
    const callout = await memberCallout({ allowUpdate: true });
    const first = (await asMember(callout.id, "Before")).json();
    await t.database.db.delete(calloutResponses).where(eq(calloutResponses.id, first.id));
    const second = await asMember(callout.id, "Again");
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().number).toBe(2);
  });

  it("single and final: a second submission is refused and the first one kept", async () => {
    const callout = await memberCallout({});
    expect((await asMember(callout.id, "First")).statusCode).toBe(200);
    const second = await asMember(callout.id, "Second");
    expectCantUpdate(second);
    expect(second.json().message).toBe("You have already answered this callout");
    const rows = await storedResponses(callout.id);
    expect(rows.map((row) => row.answers.slide1?.name)).toEqual(["First"]);
  });

  it("counts only the member's own earlier responses", async () => {
    const callout = await memberCallout({});
    const other = await makeContact(t.database.db, { roles: ["member"] });
    const otherCookie = await loginAs(t.app, other);
    expect((await respond(t.app, callout.id, { answers: defaultAnswers() }, { cookie: otherCookie })).statusCode).toBe(
      200,
    );
    expect((await asMember(callout.id, "Mine")).statusCode).toBe(200);
    expect(await storedResponses(callout.id)).toHaveLength(2);
  });
});

describe("response modes for guests", () => {
  const asGuest = (calloutId: string, name: string, email = guest.email) =>
    respond(t.app, calloutId, { answers: defaultAnswers(name), guest: { ...guest, email } });

  it("multiple: each guest submission is a new response", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest", allowMultiple: true });
    expect((await asGuest(callout.id, "One", "multi@example.org")).statusCode).toBe(200);
    expect((await asGuest(callout.id, "Two", "multi@example.org")).statusCode).toBe(200);
    expect(await storedResponses(callout.id)).toHaveLength(2);
  });

  it("single and editable: a guest never overwrites, a second submission is kept apart", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest", allowUpdate: true });
    const first = await asGuest(callout.id, "Original", "editable@example.org");
    const second = await asGuest(callout.id, "Second", "editable@example.org");
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const rows = await storedResponses(callout.id);
    expect(rows.map((row) => [row.id, row.answers.slide1?.name, row.contactId])).toEqual([
      [first.json().id, "Original", null],
      [second.json().id, "Second", null],
    ]);
  });

  it("cannot overwrite a member's response by giving their email, nor block them", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "anonymous", allowUpdate: true });
    expect((await asGuest(callout.id, "Impostor", member.email.toUpperCase())).statusCode).toBe(200);
    expect((await asMember(callout.id, "Member's own")).statusCode).toBe(200);
    expect((await asGuest(callout.id, "Impostor again", member.email)).statusCode).toBe(200);
    const rows = await storedResponses(callout.id);
    expect(rows.map((row) => [row.answers.slide1?.name, row.contactId])).toEqual([
      ["Impostor", null],
      ["Member's own", member.id],
      ["Impostor again", null],
    ]);
  });

  it("single and final: guest submissions from one email count against nobody", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest" });
    expect((await asGuest(callout.id, "First", "final@example.org")).statusCode).toBe(200);
    expect((await asGuest(callout.id, "Second", "final@example.org")).statusCode).toBe(200);
    expect((await asGuest(callout.id, "Someone else", "other@example.org")).statusCode).toBe(200);
    expect((await storedResponses(callout.id)).map((row) => row.contactId)).toEqual([null, null, null]);
  });

  it("anonymous responses have no earlier response to clash with", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "anonymous" });
    for (const name of ["One", "Two"]) {
      expect((await respond(t.app, callout.id, { answers: defaultAnswers(name) })).statusCode).toBe(200);
    }
    expect(await storedResponses(callout.id)).toHaveLength(2);
  });
});

describe("numbering", () => {
  it("gives 50 simultaneous responses the numbers 1 to 50, losing none", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "anonymous", allowMultiple: true });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => respond(t.app, callout.id, { answers: defaultAnswers(`P${index}`) })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    const rows = await storedResponses(callout.id);
    expect(rows.map((row) => row.number)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    expect(new Set(rows.map((row) => row.answers.slide1?.name)).size).toBe(50);
    const [counter] = await t.database.db
      .select({ last: callouts.lastResponseNumber })
      .from(callouts)
      .where(eq(callouts.id, callout.id));
    expect(counter?.last).toBe(50);
  });

  it("makes no contact for 50 simultaneous guest responses, numbering them all", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest", allowMultiple: true });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call(t.app, "POST", `/callout/${callout.id}/responses`, {
          body: { answers: defaultAnswers(), guest: { ...guest, email: `busy.guest${index}@example.org` } },
          remoteAddress: `192.0.2.${index + 1}`,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    const found = await t.database.db.select().from(contacts).where(like(contacts.email, "busy.guest%"));
    expect(found).toHaveLength(0);
    const rows = await storedResponses(callout.id);
    expect(rows.map((row) => row.number)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    expect(new Set(rows.map((row) => row.contactId))).toEqual(new Set([null]));
  });

  it("keeps numbering per callout and leaves refused submissions unnumbered", async () => {
    const first = await memberCallout({});
    const second = await memberCallout({});
    expect((await asMember(first.id, "A")).json().number).toBe(1);
    expectCantUpdate(await asMember(first.id, "B"));
    expect((await asMember(second.id, "C")).json().number).toBe(1);
    const other = await makeContact(t.database.db, { roles: ["member"] });
    const response = await respond(
      t.app,
      first.id,
      { answers: defaultAnswers() },
      { cookie: await loginAs(t.app, other) },
    );
    expect(response.json().number).toBe(2);
  });

  it("saves the good responses of a batch that fails on one, numbered without gaps", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "anonymous", allowMultiple: true });
    const batcher = new InsertBatcher(t.database.db);
    const response = (contactId: string | null) => ({
      id: randomUUID(),
      calloutId: callout.id,
      contactId,
      answers: defaultAnswers(),
      newsletter: null,
      now: t.clock.now(),
    });
    // The first goes in alone; the rest wait for it and go in together, one with an unknown contact.
    const results = await Promise.allSettled([
      batcher.insert(response(null)),
      batcher.insert(response(member.id)),
      batcher.insert(response(randomUUID())),
      batcher.insert(response(null)),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    const rows = await storedResponses(callout.id);
    expect(rows.map((row) => [row.number, row.contactId])).toEqual([
      [1, null],
      [2, member.id],
      [3, null],
    ]);
  });

  it("saves nothing from a batch once the callout has closed", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "anonymous", allowMultiple: true });
    const batcher = new InsertBatcher(t.database.db);
    const later = new Date(t.clock.now().getTime() + 1000);
    await t.database.db.update(callouts).set({ expires: t.clock.now() }).where(eq(callouts.id, callout.id));
    const saved = await Promise.all(
      [t.clock.now(), later].map((now) =>
        batcher.insert({
          id: randomUUID(),
          calloutId: callout.id,
          contactId: null,
          answers: {},
          newsletter: null,
          now,
        }),
      ),
    );
    expect(saved).toEqual([expect.objectContaining({ number: 1 }), undefined]);
  });
});
