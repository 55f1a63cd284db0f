import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  IMPORTED_GUEST_NAME_MAX,
  MAX_RESPONSE_IMPORT_CELL,
  MAX_RESPONSE_IMPORT_COLUMNS,
  MAX_RESPONSE_IMPORT_ROWS,
} from "@cohort/common/callouts";
import { API_PREFIX, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@cohort/common/http";
import { activity, calloutResponses, calloutReviewers, emailOutbox } from "../src/db/schema/index.js";
import { defaultAnswers, loginAs, makeCallout, respond } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let memberCookie: string;
let reviewerCookie: string;
let reviewerId: string;

const ONE_DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] }));
  memberCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["member"] }));
  const reviewer = await makeContact(t.database.db, { roles: ["member"] });
  reviewerId = reviewer.id;
  reviewerCookie = await loginAs(t.app, reviewer);
});
afterAll(() => t.close());

/** Sends rows to import, as the admin unless another cookie (or `null`, nobody) is given. */
const importRows = (calloutId: string, body: unknown, cookie: string | null = adminCookie) =>
  call(t.app, "POST", `/callout/${calloutId}/responses/import`, { cookie: cookie ?? undefined, body });

const responsesTo = (calloutId: string) =>
  t.database.db
    .select()
    .from(calloutResponses)
    .where(eq(calloutResponses.calloutId, calloutId))
    .orderBy(asc(calloutResponses.number));

/** The rows of a small paper survey: two good ones and four with a problem each. */
const paperRows = [
  { "answers.slide1.name": "Ada", "answers.slide1.colour": "Red", "answers.slide1.age": "36" },
  { "answers.slide1.name": "Bea", "answers.slide1.age": "-3" },
  { "answers.slide1.name": "Cy", "answers.slide1.colour": "green" },
  { "answers.slide1.colour": "blue" },
  { "answers.slide1.name": "Dee", "guest.email": "not an email" },
  {
    "answers.slide1.name": "Eve",
    "answers.slide1.age": "4,5",
    "guest.email": " Eve@Example.org ",
    "guest.name": "Eve Example",
  },
];

describe("importing answers to a callout", () => {
  it("checks every row with the answer validator and writes nothing on a dry run", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "anonymous", allowMultiple: true });
    const response = await importRows(callout.id, { rows: paperRows, dryRun: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      imported: 2,
      skipped: 4,
      errors: [
        { row: 2, column: "answers.slide1.age", reason: "min", params: { min: 0 } },
        { row: 3, column: "answers.slide1.colour", reason: "option" },
        { row: 4, column: "answers.slide1.name", reason: "required" },
        { row: 5, column: "guest.email", reason: "email" },
      ],
    });
    expect(await responsesTo(callout.id)).toEqual([]);
  });

  it("imports the accepted rows after the existing responses, marked as imported, and emails nobody", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest", allowMultiple: true });
    const sent = await respond(t.app, callout.id, {
      answers: defaultAnswers("Sent"),
      guest: { firstname: "Sam", lastname: "Sender", email: "sam@example.org" },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const emailsBefore = (await t.database.db.select().from(emailOutbox)).length;

    const response = await importRows(callout.id, { rows: paperRows });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ imported: 2, skipped: 4 });

    const rows = await responsesTo(callout.id);
    expect(rows.map((row) => [row.number, row.imported])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
    expect(rows[1]).toMatchObject({
      contactId: null,
      answers: { slide1: { name: "Ada", colour: "red", age: 36 } },
      guestName: null,
      guestEmail: null,
      newsletter: null,
      bucket: "",
    });
    expect(rows[2]).toMatchObject({
      contactId: null,
      answers: { slide1: { name: "Eve", age: 4.5 } },
      guestName: "Eve Example",
      guestEmail: "eve@example.org",
    });
    expect((await t.database.db.select().from(emailOutbox)).length).toBe(emailsBefore);

    const detail = await call(t.app, "GET", `/callout-responses/${rows[2]!.id}`, { cookie: adminCookie });
    expect(detail.json()).toMatchObject({ number: 3, imported: true, guestEmail: "eve@example.org" });
    const formResponse = await call(t.app, "GET", `/callout-responses/${rows[0]!.id}`, { cookie: adminCookie });
    expect(formResponse.json()).not.toHaveProperty("imported");

    const records = await t.database.db.select().from(activity).where(eq(activity.kind, "response.import"));
    expect(records).toMatchObject([{ target: callout.slug, count: 2 }]);
  });

  it("numbers batches one after the other, and takes answers to a callout that has ended", async () => {
    const now = t.clock.now().getTime();
    const callout = await makeCallout(t.database.db, t.clock, {
      access: "anonymous",
      starts: new Date(now - 10 * ONE_DAY_MS),
      expires: new Date(now - ONE_DAY_MS),
    });
    for (const names of [["A", "B"], ["C"]]) {
      const rows = names.map((name) => ({ "answers.slide1.name": name }));
      const response = await importRows(callout.slug, { rows });
      expect(response.json()).toEqual({ imported: names.length, skipped: 0, errors: [] });
    }
    const rows = await responsesTo(callout.id);
    expect(rows.map((row) => [row.number, (row.answers.slide1 as { name: string }).name])).toEqual([
      [1, "A"],
      [2, "B"],
      [3, "C"],
    ]);
  });

  it("refuses a row whose guest name is longer than a first and last name together", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "anonymous" });
    const rows = [
      { "answers.slide1.name": "Ada", "guest.name": "A".repeat(IMPORTED_GUEST_NAME_MAX) },
      { "answers.slide1.name": "Bea", "guest.name": "B".repeat(IMPORTED_GUEST_NAME_MAX + 1) },
    ];
    const response = await importRows(callout.id, { rows });
    expect(response.json()).toEqual({
      imported: 1,
      skipped: 1,
      errors: [{ row: 2, column: "guest.name", reason: "maxLength" }],
    });
    expect((await responsesTo(callout.id)).map((row) => row.guestName?.length)).toEqual([IMPORTED_GUEST_NAME_MAX]);
  });

  it("imports a batch sent twice with one Idempotency-Key once, and answers the retry as the first time", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "anonymous" });
    const body = {
      rows: [{ "answers.slide1.name": "Ada" }, { "answers.slide1.name": "Bea", "answers.slide1.age": "-3" }],
    };
    const send = (key: string, sent: unknown = body) =>
      call(t.app, "POST", `/callout/${callout.id}/responses/import`, {
        cookie: adminCookie,
        body: sent,
        headers: { "idempotency-key": key },
      });
    const first = await send("batch-1");
    const again = await send("batch-1");
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ imported: 1, skipped: 1 });
    expect(await responsesTo(callout.id)).toHaveLength(1);

    const other = await send("batch-1", { rows: [{ "answers.slide1.name": "Cy" }] });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: "idempotency-key-reused" });
    expect(await send("batch-2")).toMatchObject({ statusCode: 200 });
    expect((await responsesTo(callout.id)).map((row) => row.number)).toEqual([1, 2]);
  });

  it("keeps one callout's import key apart from another's, and a dry run stores none", async () => {
    const [one, two] = [
      await makeCallout(t.database.db, t.clock, { access: "anonymous" }),
      await makeCallout(t.database.db, t.clock, { access: "anonymous" }),
    ];
    const body = { rows: [{ "answers.slide1.name": "Ada" }] };
    const send = (calloutId: string, sent: unknown) =>
      call(t.app, "POST", `/callout/${calloutId}/responses/import`, {
        cookie: adminCookie,
        body: sent,
        headers: { "idempotency-key": "same-key" },
      });
    expect((await send(one.id, { ...body, dryRun: true })).json()).toMatchObject({ imported: 1 });
    expect((await send(one.id, body)).headers["idempotent-replayed"]).toBeUndefined();
    expect((await send(two.id, body)).headers["idempotent-replayed"]).toBeUndefined();
    expect(await responsesTo(one.id)).toHaveLength(1);
    expect(await responsesTo(two.id)).toHaveLength(1);
  });

  it("takes a cell defused by Cohort's own export back as it was", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "anonymous" });
    const response = await importRows(callout.id, { rows: [{ "answers.slide1.name": "'=Total" }] });
    expect(response.json()).toMatchObject({ imported: 1 });
    expect((await responsesTo(callout.id))[0]?.answers).toEqual({ slide1: { name: "=Total" } });
  });
});

describe("who may import", () => {
  it("refuses anyone who is not an admin, reviewers of the callout included", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "anonymous" });
    await t.database.db.insert(calloutReviewers).values({
      id: crypto.randomUUID(),
      calloutId: callout.id,
      contactId: reviewerId,
      createdAt: t.clock.now(),
    });
    const body = { rows: [{ "answers.slide1.name": "Ada" }] };
    // Admin routes answer 403 to everyone else, logged in or not.
    for (const cookie of [null, memberCookie, reviewerCookie]) {
      const response = await importRows(callout.id, body, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "forbidden" });
    }
    expect(await responsesTo(callout.id)).toEqual([]);
  });
});

describe("malformed imports", () => {
  it("refuses a column that names no input taking text, whole, with a stable code", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "anonymous" });
    for (const column of ["answers.slide1.nope", "answers.nope.name", "answers.slide2.photo"]) {
      const response = await importRows(callout.id, { rows: [{ "answers.slide1.name": "Ada", [column]: "x" }] });
      expect(response.statusCode, column).toBe(400);
      expect(response.json()).toMatchObject({ httpCode: 400, code: "invalid-import-column" });
    }
    expect(await responsesTo(callout.id)).toEqual([]);
  });

  it("answers 4xx to bodies out of shape or over the limits, never 500", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "anonymous" });
    const bodies = [
      {},
      { rows: [] },
      { rows: [{ "answers.slide1.name": "Ada" }], extra: true },
      { rows: [{ name: "Ada" }] },
      { rows: [{ "answers.slide1.name": 3 }] },
      { rows: [{ "answers.slide1.name": "x".repeat(MAX_RESPONSE_IMPORT_CELL + 1) }] },
      { rows: Array.from({ length: MAX_RESPONSE_IMPORT_ROWS + 1 }, () => ({ "answers.slide1.name": "A" })) },
      { rows: "a,b\n1,2" },
      {
        rows: [
          Object.fromEntries(
            Array.from({ length: MAX_RESPONSE_IMPORT_COLUMNS + 1 }, (_, index) => [`answers.slide1.c${index}`, "x"]),
          ),
        ],
      },
    ];
    for (const body of bodies) {
      const response = await importRows(callout.id, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ code: "invalid-request" });
    }
    const notJson = await t.app.inject({
      method: "POST",
      url: `${API_PREFIX}/callout/${callout.id}/responses/import`,
      headers: {
        cookie: adminCookie,
        "content-type": "application/json",
        [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
      },
      payload: "{rows:",
    });
    expect(notJson.statusCode).toBe(400);
    expect((await importRows("no-such-callout", { rows: [{ "answers.slide1.name": "A" }] })).statusCode).toBe(404);
    expect(await responsesTo(callout.id)).toEqual([]);
  });
});
