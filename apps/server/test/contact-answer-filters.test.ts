import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCallout, respond } from "./helpers/callout-factory.js";
import { inboxAnswers, inboxForm, makeInboxFixture, rulesQuery, type InboxFixture } from "./helpers/inbox-fixture.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let f: InboxFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await makeInboxFixture(t);
  // The reviewer answers too, differently from the member's three answers (ages 20-40, red and blue, cats).
  const answered = await respond(
    t.app,
    f.callout.id,
    { answers: inboxAnswers("Dot", { age: 70, agree: false, colour: "blue", pets: { cats: false, dogs: true } }) },
    { cookie: f.reviewer.cookie },
  );
  expect(answered.statusCode, answered.body).toBe(200);
});
afterAll(() => t.close());

const answer = (key: string) => `callouts.${f.callout.id}.responses.answers.${key}`;

async function listContacts(rules: unknown[]) {
  return call(t.app, "GET", `/contact?limit=100&${rulesQuery(rules)}`, { cookie: f.admin.cookie });
}

async function contactIds(rules: unknown[]) {
  const response = await listContacts(rules);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as { id: string }[]).map((item) => item.id).sort();
}

describe("contact filters on a callout's answers", () => {
  it("filters by each type of answer, as the callout's form types it", async () => {
    const both = [f.member.row.id, f.reviewer.row.id].sort();
    const cases: [unknown, string[]][] = [
      [{ field: answer("s1.name"), operator: "contains", value: ["ADA"] }, [f.member.row.id]],
      [{ field: answer("s1.name"), operator: "equal", value: ["Dot"] }, [f.reviewer.row.id]],
      [{ field: answer("s1.story"), operator: "contains", value: ["story of cy"] }, [f.member.row.id]],
      [{ field: answer("s1.age"), operator: "greater", value: [50] }, [f.reviewer.row.id]],
      [{ field: answer("s1.age"), operator: "between", value: [25, 35] }, [f.member.row.id]],
      [{ field: answer("s1.agree"), operator: "equal", value: [false] }, [f.reviewer.row.id]],
      [{ field: answer("s1.colour"), operator: "equal", value: ["blue"] }, both],
      [{ field: answer("s1.pets"), operator: "contains", value: ["dogs"] }, [f.reviewer.row.id]],
      [{ field: answer("s1.pets"), operator: "not_contains", value: ["dogs"] }, [f.member.row.id]],
      [{ field: answer("s2.where"), operator: "is_empty", value: [] }, both],
      [{ field: answer("s1.name"), operator: "is_empty", value: [] }, []],
    ];
    for (const [rule, expected] of cases) {
      expect(await contactIds([rule]), JSON.stringify(rule)).toEqual(expected);
    }
  });

  it("combines answer rules with other contact and response rules", async () => {
    expect(
      await contactIds([
        { field: answer("s1.colour"), operator: "equal", value: ["blue"] },
        { field: `callouts.${f.callout.id}.responses.bucket`, operator: "is_empty", value: [] },
        { field: "id", operator: "not_equal", value: [f.reviewer.row.id] },
      ]),
    ).toEqual([f.member.row.id]);
  });

  it("counts a segment defined by an answer, and lists its contacts", async () => {
    const created = await call(t.app, "POST", "/segments", {
      cookie: f.admin.cookie,
      body: {
        name: "Older",
        ruleGroup: {
          condition: "AND",
          rules: [{ field: answer("s1.age"), operator: "greater_or_equal", value: [40] }],
        },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().contactCount).toBe(2);
    const segment = await call(t.app, "GET", `/segments/${created.json().id}?with=contactCount`, {
      cookie: f.admin.cookie,
    });
    expect(segment.json().contactCount).toBe(2);
    const contacts = await call(
      t.app,
      "GET",
      `/segments/${created.json().id}/contacts?${rulesQuery([{ field: answer("s1.pets"), operator: "contains", value: ["cats"] }])}`,
      { cookie: f.admin.cookie },
    );
    expect(contacts.statusCode, contacts.body).toBe(200);
    expect(contacts.json().items.map((item: { id: string }) => item.id)).toEqual([f.member.row.id]);
  });

  it("refuses an unknown slide or key, an operator the answer's type lacks and a value outside the options", async () => {
    for (const rule of [
      { field: answer("s9.name"), operator: "equal", value: ["x"] },
      { field: answer("s1.nope"), operator: "equal", value: ["x"] },
      { field: answer("s1"), operator: "equal", value: ["x"] },
      { field: answer("s1.age"), operator: "contains", value: ["3"] },
      { field: answer("s1.age"), operator: "greater", value: ["3"] },
      { field: answer("s1.pets"), operator: "equal", value: ["dogs"] },
      { field: answer("s1.pets"), operator: "contains", value: ["fish"] },
      { field: answer("s1.colour"), operator: "equal", value: ["green"] },
      { field: answer("s1.agree"), operator: "is_empty", value: [] },
      { field: answer("s1.story"), operator: "greater", value: ["a"] },
    ]) {
      const response = await listContacts([rule]);
      expect(response.statusCode, JSON.stringify(rule)).toBe(400);
      expect(response.json().code).toBe("invalid-rule");
    }
  });

  it("refuses rules on a callout that does not exist, in lists and in segments", async () => {
    const missing = randomUUID();
    for (const rule of [
      { field: `callouts.${missing}.hasAnswered`, operator: "equal", value: [true] },
      // Shaped like an id, but not one.
      { field: `callouts.${"-".repeat(36)}.hasAnswered`, operator: "equal", value: [true] },
      { field: `callouts.${missing}.responses.answers.s1.name`, operator: "equal", value: ["Ada"] },
      { field: `callouts.${missing}.responses.bucket`, operator: "is_empty", value: [] },
    ]) {
      const response = await listContacts([rule]);
      expect(response.statusCode, rule.field).toBe(400);
      expect(response.json().code).toBe("invalid-rule");
    }
    const segment = await call(t.app, "POST", "/segments", {
      cookie: f.admin.cookie,
      body: {
        name: "Nothing",
        ruleGroup: {
          condition: "AND",
          rules: [{ field: `callouts.${missing}.hasAnswered`, operator: "equal", value: [true] }],
        },
      },
    });
    expect(segment.statusCode).toBe(400);
    expect(segment.json().code).toBe("invalid-rule");
  });

  it("keeps listing segments whose callout was deleted since, counting nobody in them", async () => {
    const gone = await makeCallout(t.database.db, t.clock, { access: "member", formSchema: inboxForm() });
    const created = await call(t.app, "POST", "/segments", {
      cookie: f.admin.cookie,
      body: {
        name: "Gone",
        ruleGroup: {
          condition: "AND",
          rules: [{ field: `callouts.${gone.id}.responses.answers.s1.age`, operator: "greater", value: [1] }],
        },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const deleted = await call(t.app, "DELETE", `/callout/${gone.id}`, { cookie: f.admin.cookie });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const list = await call(t.app, "GET", "/segments?with=contactCount", { cookie: f.admin.cookie });
    expect(list.statusCode, list.body).toBe(200);
    const entry = list.json().find((item: { id: string }) => item.id === created.json().id);
    expect(entry.contactCount).toBe(0);
    const contacts = await call(t.app, "GET", `/segments/${created.json().id}/contacts`, { cookie: f.admin.cookie });
    expect(contacts.statusCode).toBe(400);
    expect(contacts.json().code).toBe("invalid-rule");
  });
});
