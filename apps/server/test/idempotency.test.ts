import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from "@cohort/common/http";
import { calloutResponses, callouts, emailOutbox, idempotencyKeys, joinFlows } from "../src/db/schema/index.js";
import type { ContactRow } from "../src/modules/contacts/queries.js";
import { updateJoinContent } from "../src/modules/content/service.js";
import { deleteExpiredKeys, IDEMPOTENCY_KEY_LIFETIME } from "../src/modules/idempotency/service.js";
import { defaultAnswers, loginAs, makeCallout } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let member: ContactRow;
let memberCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  await updateJoinContent(t.ctx, { showNoContribution: true });
  member = await makeContact(t.database.db, { roles: ["member"] });
  memberCookie = await loginAs(t.app, member);
});
afterAll(() => t.close());

interface SendOptions {
  key?: string;
  cookie?: string;
  remoteAddress?: string;
}

function answer(calloutId: string, body: object, options: SendOptions = {}) {
  return call(t.app, "POST", `/callout/${calloutId}/responses`, {
    body,
    headers: options.key ? { [IDEMPOTENCY_KEY_HEADER]: options.key } : {},
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

async function responsesTo(calloutId: string) {
  return t.database.db.select().from(calloutResponses).where(eq(calloutResponses.calloutId, calloutId));
}

const openCallout = (spec: Parameters<typeof makeCallout>[2] = {}) =>
  makeCallout(t.database.db, t.clock, { access: "anonymous", allowMultiple: true, ...spec });

describe("Idempotency-Key on callout responses", () => {
  it("answers a retry with the first answer and stores one response", async () => {
    const callout = await openCallout();
    const key = randomUUID();
    const body = { answers: defaultAnswers("Once") };
    const first = await answer(callout.id, body, { key });
    const retry = await answer(callout.id, body, { key });
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.json()).toEqual(first.json());
    expect(first.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect(retry.headers[IDEMPOTENT_REPLAY_HEADER]).toBe("true");
    expect(await responsesTo(callout.id)).toHaveLength(1);
    // Without a key, the same body is another response.
    expect((await answer(callout.id, body)).statusCode).toBe(200);
    expect(await responsesTo(callout.id)).toHaveLength(2);
  });

  it("gives a logged-in caller their numbered response again, also after the callout closed", async () => {
    const callout = await openCallout({ access: "member" });
    const key = randomUUID();
    const body = { answers: defaultAnswers("Member") };
    const first = await answer(callout.id, body, { key, cookie: memberCookie });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ number: 1, guestName: null });
    await t.database.db
      .update(callouts)
      .set({ expires: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(callouts.id, callout.id));
    const retry = await answer(callout.id, body, { key, cookie: memberCookie });
    expect(retry.json()).toEqual(first.json());
    const fresh = await answer(callout.id, body, { key: randomUUID(), cookie: memberCookie });
    expect(fresh.json()).toMatchObject({ code: "invalid-callout-response", subCode: "closed" });
  });

  it("replays an overwrite of an editable response without overwriting again", async () => {
    const callout = await openCallout({ access: "member", allowMultiple: false, allowUpdate: true });
    expect((await answer(callout.id, { answers: defaultAnswers("First") }, { cookie: memberCookie })).statusCode).toBe(
      200,
    );
    const key = randomUUID();
    const body = { answers: defaultAnswers("Changed") };
    const first = await answer(callout.id, body, { key, cookie: memberCookie });
    t.clock.advance(60_000);
    const retry = await answer(callout.id, body, { key, cookie: memberCookie });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const rows = await responsesTo(callout.id);
    expect(rows.map((row) => [row.answers.slide1?.name, row.updatedAt.toISOString()])).toEqual([
      ["Changed", first.json().updatedAt],
    ]);
  });

  it("stores one response, and sends one confirmation email, for simultaneous requests with one key", async () => {
    const callout = await openCallout({ access: "guest" });
    const key = randomUUID();
    const email = "same.key@example.org";
    const body = { answers: defaultAnswers(), guest: { firstname: "Kim", lastname: "Retry", email } };
    const answers = await Promise.all(Array.from({ length: 8 }, () => answer(callout.id, body, { key })));
    expect(answers.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const rows = await responsesTo(callout.id);
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((response) => response.json().id))).toEqual(new Set([rows[0]?.id]));
    const emails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(emails).toHaveLength(1);
  });

  it("refuses the same key with a different body", async () => {
    const callout = await openCallout();
    const key = randomUUID();
    expect((await answer(callout.id, { answers: defaultAnswers("One") }, { key })).statusCode).toBe(200);
    const other = await answer(callout.id, { answers: defaultAnswers("Another") }, { key });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: "idempotency-key-reused", httpCode: 422, name: "ValidationError" });
    expect(await responsesTo(callout.id)).toHaveLength(1);
  });

  it("keeps keys apart by caller and by callout", async () => {
    const callout = await openCallout();
    const second = await openCallout();
    const key = randomUUID();
    const body = { answers: defaultAnswers() };
    const visitor = await answer(callout.id, body, { key });
    const loggedIn = await answer(callout.id, body, { key, cookie: memberCookie });
    const elsewhere = await answer(second.id, body, { key });
    expect([visitor.statusCode, loggedIn.statusCode, elsewhere.statusCode]).toEqual([200, 200, 200]);
    expect(loggedIn.json().id).not.toBe(visitor.json().id);
    expect(await responsesTo(callout.id)).toHaveLength(2);
    expect(await responsesTo(second.id)).toHaveLength(1);
  });

  it("refuses keys that are empty, too long or hold spaces", async () => {
    const callout = await openCallout();
    for (const key of ["x".repeat(256), "has space", "tab\tkey"]) {
      const response = await answer(callout.id, { answers: defaultAnswers() }, { key });
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toMatchObject({ code: "invalid-request" });
    }
    expect(await responsesTo(callout.id)).toHaveLength(0);
    expect((await answer(callout.id, { answers: defaultAnswers() }, { key: "x".repeat(255) })).statusCode).toBe(200);
  });

  it("forgets a key once it has expired, and the cleanup removes expired keys", async () => {
    const callout = await openCallout();
    const key = randomUUID();
    const body = { answers: defaultAnswers() };
    const first = await answer(callout.id, body, { key });
    t.clock.advance(IDEMPOTENCY_KEY_LIFETIME + 1000);
    const later = await answer(callout.id, body, { key });
    expect(later.statusCode).toBe(200);
    expect(later.json().id).not.toBe(first.json().id);
    expect(await responsesTo(callout.id)).toHaveLength(2);

    const stale = randomUUID();
    await answer(callout.id, body, { key: stale });
    t.clock.advance(IDEMPOTENCY_KEY_LIFETIME + 1000);
    await deleteExpiredKeys(t.ctx);
    const left = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, stale));
    expect(left).toEqual([]);
  });
});

describe("Idempotency-Key on signup", () => {
  const urls = {
    loginUrl: "http://localhost:3000/auth/login",
    setPasswordUrl: "http://localhost:3000/auth/set-password",
    confirmUrl: "http://localhost:3000/join/confirm-email",
  };
  const join = (body: object, key: string, remoteAddress = "192.0.2.77") =>
    call(t.app, "POST", "/signup", { body, headers: { [IDEMPOTENCY_KEY_HEADER]: key }, remoteAddress });
  const flowsFor = (email: string) => t.database.db.select().from(joinFlows).where(eq(joinFlows.email, email));

  it("makes one join flow and one email for a free join sent twice, even at the same time", async () => {
    const email = "joining.once@example.org";
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => join({ email, ...urls }, key)));
    expect(answers.map((response) => response.statusCode)).toEqual([204, 204, 204]);
    expect((await join({ email, ...urls }, key)).headers[IDEMPOTENT_REPLAY_HEADER]).toBe("true");
    expect(await flowsFor(email)).toHaveLength(1);
    const emails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.templateId, "confirm-email")));
    expect(emails).toHaveLength(1);
  });

  it("answers a retried paid join with the same provider step", async () => {
    const email = "paying.once@example.org";
    const key = randomUUID();
    const body = {
      email,
      ...urls,
      contribution: {
        amount: 5,
        period: "monthly",
        payFee: false,
        paymentMethod: "s_card",
        completeUrl: "http://localhost:3000/join/complete",
      },
    };
    const first = await join(body, key);
    const retry = await join(body, key);
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.json()).toEqual(first.json());
    expect(await flowsFor(email)).toHaveLength(1);
  });

  it("refuses the same key for another join", async () => {
    const key = randomUUID();
    expect((await join({ email: "first.joiner@example.org", ...urls }, key)).statusCode).toBe(204);
    const other = await join({ email: "second.joiner@example.org", ...urls }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: "idempotency-key-reused" });
    expect(await flowsFor("second.joiner@example.org")).toHaveLength(0);
  });
});
