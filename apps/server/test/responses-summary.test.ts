import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ComponentSummary, ResponseSummary } from "@cohort/common/callouts";
import { responseSummarySchema } from "@cohort/common/callouts";
import { calloutResponses, calloutReviewers } from "../src/db/schema/index.js";
import { loginAs, makeCallout, type MadeCallout } from "./helpers/callout-factory.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { bearer, rulesQuery } from "./helpers/inbox-fixture.js";
import { summaryForm, summaryResponses } from "./helpers/summary-fixture.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let callout: MadeCallout;
let adminCookie: string;
let reviewerCookie: string;
let otherReviewerCookie: string;
let memberCookie: string;
let apiKey: string;
const ids: string[] = [];
const createdAt: Date[] = [];

beforeAll(async () => {
  t = await createTestApp();
  callout = await makeCallout(t.database.db, t.clock, {
    access: "member",
    allowMultiple: true,
    formSchema: summaryForm(),
  });
  const other = await makeCallout(t.database.db, t.clock, { access: "member" });
  const admin = await makeContact(t.database.db, { roles: ["admin", "member"] });
  const reviewer = await makeContact(t.database.db, { roles: ["member"] });
  const otherReviewer = await makeContact(t.database.db, { roles: ["member"] });
  const member = await makeContact(t.database.db, { roles: ["member"] });
  adminCookie = await loginAs(t.app, admin);
  reviewerCookie = await loginAs(t.app, reviewer);
  otherReviewerCookie = await loginAs(t.app, otherReviewer);
  memberCookie = await loginAs(t.app, member);
  const now = t.clock.now();
  await t.database.db.insert(calloutReviewers).values([
    { id: crypto.randomUUID(), calloutId: callout.id, contactId: reviewer.id, createdAt: now },
    { id: crypto.randomUUID(), calloutId: other.id, contactId: otherReviewer.id, createdAt: now },
  ]);
  for (const [index, response] of summaryResponses.entries()) {
    t.clock.advance(60_000);
    const at = t.clock.now();
    const id = crypto.randomUUID();
    ids.push(id);
    createdAt.push(at);
    await t.database.db.insert(calloutResponses).values({
      id,
      calloutId: callout.id,
      number: index + 1,
      // The member gave one response, so a member's own responses are not enough to read a summary.
      contactId: index === 0 ? member.id : null,
      answers: response.answers,
      bucket: response.bucket,
      createdAt: at,
      updatedAt: at,
    });
  }
  const superadmin = await makeContact(t.database.db, { roles: ["superadmin"] });
  const superCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: superadmin.email, password: PASSWORD } }),
  );
  const key = await call(t.app, "POST", "/api-key", {
    cookie: superCookie,
    body: { description: "Summary", currentPassword: PASSWORD },
  });
  apiKey = key.json().token as string;
});
afterAll(() => t.close());

async function summary(rules?: unknown[], cookie = adminCookie): Promise<ResponseSummary> {
  const query = rules ? `?${rulesQuery(rules)}` : "";
  const response = await call(t.app, "GET", `/callout/${callout.slug}/responses/summary${query}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return responseSummarySchema.parse(response.json());
}

function part<K extends ComponentSummary["kind"]>(
  result: ResponseSummary,
  key: string,
  kind: K,
): Extract<ComponentSummary, { kind: K }> {
  const found = result.components.find((item) => item.key === key);
  expect(found?.kind).toBe(kind);
  return found as Extract<ComponentSummary, { kind: K }>;
}

const counts = (options: { value: string; count: number }[]) =>
  Object.fromEntries(options.map((option) => [option.value, option.count]));

describe("GET /callout/:id/responses/summary", () => {
  it("summarises every input in form order", async () => {
    const result = await summary();
    expect(result.total).toBe(5);
    expect(result.locale).toBe("en");
    expect(result.components.map((item) => [item.key, item.kind])).toEqual([
      ["s1.mood", "choice"],
      ["s1.topics", "choice"],
      ["s1.agree", "choice"],
      ["s1.colour", "choice"],
      ["s1.age", "number"],
      ["s1.rent", "number"],
      ["s1.when", "date"],
      ["s1.story", "text"],
      ["s1.where", "address"],
      ["s1.photo", "count"],
      ["s1.sign", "count"],
      ["s1.email", "count"],
    ]);
  });

  it("counts the choices of radio, selectboxes, checkbox and select inputs", async () => {
    const result = await summary();
    const mood = part(result, "s1.mood", "choice");
    expect(mood.answered).toBe(4);
    expect(mood.options).toEqual([
      { value: "happy", label: "Happy", count: 3 },
      { value: "sad", label: "Sad", count: 1 },
      { value: "meh", label: "Meh", count: 0 },
    ]);
    const topics = part(result, "s1.topics", "choice");
    // Only ticked boxes count: `{}` and all unticked are no answer.
    expect(topics.answered).toBe(3);
    expect(counts(topics.options)).toEqual({ housing: 2, transport: 2, schools: 0 });
    const agree = part(result, "s1.agree", "choice");
    // A checkbox never answered counts as unticked, as the answer filters read it.
    expect(agree.answered).toBe(5);
    expect(counts(agree.options)).toEqual({ true: 1, false: 4 });
    const colour = part(result, "s1.colour", "choice");
    expect(colour.answered).toBe(4);
    // A value no longer among the options is still counted, under its value.
    expect(colour.options).toEqual([
      { value: "red", label: "Red", count: 2 },
      { value: "blue", label: "Blue", count: 1 },
      { value: "green", label: "green", count: 1 },
    ]);
  });

  it("spreads numbers and amounts into buckets with their minimum, median and maximum", async () => {
    const result = await summary();
    const age = part(result, "s1.age", "number");
    // 20, 30, 40 and 25; "thirty" is not a number.
    expect(age).toMatchObject({ answered: 4, min: 20, median: 27.5, max: 40 });
    expect(age.buckets).toHaveLength(10);
    expect(age.buckets[0]).toEqual({ from: 20, to: 22, count: 1 });
    expect(age.buckets.map((bucket) => bucket.count)).toEqual([1, 0, 1, 0, 0, 1, 0, 0, 0, 1]);
    const rent = part(result, "s1.rent", "number");
    expect(rent).toMatchObject({ answered: 3, currency: "EUR", min: 300, median: 500.5, max: 700 });
    expect(rent.buckets.map((bucket) => bucket.count)).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(rent.buckets[9]).toEqual({ from: 660, to: 700, count: 1 });
  });

  it("gives whole numbers a few apart one bucket each", async () => {
    const result = await summary([{ field: "answers.s1.age", operator: "between", value: [20, 25] }]);
    const age = part(result, "s1.age", "number");
    expect(age.buckets.map((bucket) => [bucket.from, bucket.count])).toEqual([
      [20, 1],
      [21, 0],
      [22, 0],
      [23, 0],
      [24, 0],
      [25, 1],
    ]);
  });

  it("spreads dates, leaving out text that is no real date", async () => {
    const when = part(await summary(), "s1.when", "date");
    expect(when).toMatchObject({
      answered: 2,
      min: "2024-03-01T00:00:00.000Z",
      median: "2024-03-02T06:00:00.000Z",
      max: "2024-03-03T12:00:00.000Z",
    });
    expect(when.buckets).toHaveLength(10);
    expect(when.buckets[0]).toEqual({
      from: "2024-03-01T00:00:00.000Z",
      to: "2024-03-01T06:00:00.000Z",
      count: 1,
    });
    expect(when.buckets.map((bucket) => bucket.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
  });

  it("lists the words and phrases most responses use, without stop words, and the newest answers", async () => {
    const story = part(await summary(), "s1.story", "text");
    expect(story.answered).toBe(4);
    expect(story.words).toEqual([
      { text: "bus", count: 2 },
      { text: "flooded", count: 2 },
      { text: "late", count: 2 },
      { text: "street", count: 2 },
      { text: "again", count: 1 },
      { text: "near", count: 1 },
      { text: "river", count: 1 },
      { text: "school", count: 1 },
      { text: "usual", count: 1 },
    ]);
    expect(story.phrases).toEqual([
      { text: "bus late", count: 2 },
      { text: "flooded street", count: 2 },
    ]);
    expect(story.recent.map((answer) => answer.number)).toEqual([5, 4, 2, 1]);
    expect(story.recent[0]).toEqual({ number: 5, createdAt: createdAt[4]!.toISOString(), text: "bus bus late" });
  });

  it("places located addresses, newest first, and counts files, signatures and other inputs", async () => {
    const result = await summary();
    expect(part(result, "s1.where", "address")).toMatchObject({
      answered: 2,
      points: [
        { lat: 48.1, lng: 11.6 },
        { lat: 52.5, lng: 13.4 },
      ],
    });
    expect(part(result, "s1.photo", "count").answered).toBe(1);
    expect(part(result, "s1.sign", "count").answered).toBe(1);
    expect(part(result, "s1.email", "count").answered).toBe(1);
  });

  it("follows the inbox's filters: bucket, answers, dates and tags", async () => {
    const inbox = await summary([{ field: "bucket", operator: "is_empty", value: [] }]);
    expect(inbox.total).toBe(3);
    expect(counts(part(inbox, "s1.mood", "choice").options)).toEqual({ happy: 2, sad: 0, meh: 0 });
    expect(part(inbox, "s1.age", "number")).toMatchObject({ answered: 2, min: 20, max: 40, median: 30 });

    const red = await summary([{ field: "answers.s1.colour", operator: "equal", value: ["red"] }]);
    expect(red.total).toBe(2);
    expect(part(red, "s1.story", "text").recent.map((answer) => answer.number)).toEqual([1]);

    const later = await summary([
      { field: "createdAt", operator: "greater_or_equal", value: [createdAt[2]!.toISOString()] },
    ]);
    expect(later.total).toBe(3);
    expect(part(later, "s1.topics", "choice").answered).toBe(1);

    const tag = await call(t.app, "POST", `/callout/${callout.id}/tags`, {
      cookie: adminCookie,
      body: { name: "Follow up", description: "" },
    });
    const tagId = tag.json().id as string;
    await call(t.app, "PATCH", `/callout-responses/${ids[1]}`, { cookie: adminCookie, body: { tags: [`+${tagId}`] } });
    const tagged = await summary([{ field: "tags", operator: "contains", value: [tagId] }]);
    expect(tagged.total).toBe(1);
    expect(counts(part(tagged, "s1.mood", "choice").options)).toEqual({ happy: 0, sad: 1, meh: 0 });

    // Deleting the tag takes it off the response without changing the response itself.
    await call(t.app, "DELETE", `/callout/${callout.id}/tags/${tagId}`, { cookie: adminCookie });
    expect((await summary([{ field: "tags", operator: "contains", value: [tagId] }])).total).toBe(0);
  });

  it("shows a change to the responses at the next request", async () => {
    const before = await summary([{ field: "bucket", operator: "equal", value: ["verified"] }]);
    expect(before.total).toBe(1);
    const moved = await call(t.app, "PATCH", `/callout-responses/${ids[2]}`, {
      cookie: adminCookie,
      body: { bucket: "verified" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await summary([{ field: "bucket", operator: "equal", value: ["verified"] }]);
    expect(after.total).toBe(2);
    expect(counts(part(after, "s1.mood", "choice").options)).toEqual({ happy: 1, sad: 1, meh: 0 });
    await call(t.app, "PATCH", `/callout-responses/${ids[2]}`, { cookie: adminCookie, body: { bucket: "" } });
  });

  it("leaves out the stop words of the site's language", async () => {
    const changed = await call(t.app, "PATCH", "/content/general", { cookie: adminCookie, body: { locale: "de" } });
    expect(changed.statusCode, changed.body).toBe(200);
    try {
      const result = await summary();
      expect(result.locale).toBe("de");
      const words = part(result, "s1.story", "text").words.map((word) => word.text);
      // "the" is no German stop word; "our" neither.
      expect(words).toContain("the");
      expect(words).toContain("our");
    } finally {
      await call(t.app, "PATCH", "/content/general", { cookie: adminCookie, body: { locale: "en" } });
    }
  });

  it("is read by admins, API keys and the callout's reviewers only", async () => {
    const path = `/callout/${callout.id}/responses/summary`;
    expect((await call(t.app, "GET", path)).statusCode).toBe(401);
    // A member who answered reads their own responses, never a summary of everyone's.
    expect((await call(t.app, "GET", path, { cookie: memberCookie })).json()).toMatchObject({
      httpCode: 403,
      code: "forbidden",
    });
    expect((await call(t.app, "GET", path, { cookie: otherReviewerCookie })).statusCode).toBe(403);
    expect((await summary(undefined, reviewerCookie)).total).toBe(5);
    const byKey = await call(t.app, "GET", path, { headers: bearer(apiKey) });
    expect(byKey.statusCode, byKey.body).toBe(200);
  });

  it("answers bad input with a 4xx", async () => {
    const path = `/callout/${callout.id}/responses/summary`;
    const notJson = await call(t.app, "GET", `${path}?rules=nope`, { cookie: adminCookie });
    expect(notJson.statusCode).toBe(400);
    const unknownField = await call(
      t.app,
      "GET",
      `${path}?${rulesQuery([{ field: "answers.s1.nothing", operator: "equal", value: ["x"] }])}`,
      { cookie: adminCookie },
    );
    expect(unknownField.json()).toMatchObject({ httpCode: 400, code: "invalid-rule" });
    const missing = await call(t.app, "GET", "/callout/no-such-callout/responses/summary", { cookie: adminCookie });
    expect(missing.statusCode).toBe(404);
    const unknownKey = await call(t.app, "GET", `${path}.csv?key=s1.nothing`, { cookie: adminCookie });
    expect(unknownKey.json()).toMatchObject({ httpCode: 400, code: "invalid-request" });
  });
});

describe("GET /callout/:id/responses/summary.csv", () => {
  it("writes the figures of one input through the CSV writer", async () => {
    const response = await call(
      t.app,
      "GET",
      `/callout/${callout.slug}/responses/summary.csv?key=s1.mood&${rulesQuery([{ field: "bucket", operator: "is_empty", value: [] }])}`,
      { cookie: reviewerCookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toContain(`summary-${callout.slug}_s1-mood_`);
    expect(response.body.replace(/^\uFEFF/, "").split("\r\n")).toEqual([
      "Question,Measure,Item,Count,Percent",
      "Responses,total,,3,",
      "Mood,answered,,2,",
      "Mood,option,Happy,2,100.0",
      "Mood,option,Sad,0,0.0",
      "Mood,option,Meh,0,0.0",
      "",
    ]);
  });

  it("writes every input's figures, defusing what a spreadsheet would run", async () => {
    // A stored choice no longer among the options is written under its own value: one that
    // starts a formula is defused. (The last test of the file: the other figures stay as worked out.)
    const at = t.clock.now();
    await t.database.db.insert(calloutResponses).values({
      id: crypto.randomUUID(),
      calloutId: callout.id,
      number: summaryResponses.length + 1,
      answers: { s1: { colour: "=1+2" } },
      bucket: "",
      createdAt: at,
      updatedAt: at,
    });
    const response = await call(t.app, "GET", `/callout/${callout.id}/responses/summary.csv`, {
      cookie: adminCookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body.split("\r\n");
    expect(lines).toContain("Story,phrase,bus late,2,");
    expect(lines).toContain("Age,range,20 – 22,1,25.0");
    expect(lines).toContain("When,min,2024-03-01T00:00:00.000Z,,");
    expect(lines).toContain("Colour,option,'=1+2,1,20.0");
    expect(
      (await call(t.app, "GET", `/callout/${callout.id}/responses/summary.csv`, { cookie: memberCookie })).statusCode,
    ).toBe(403);
  });
});
