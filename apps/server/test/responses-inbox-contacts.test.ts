import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeInboxFixture, rulesQuery, type InboxFixture } from "./helpers/inbox-fixture.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let f: InboxFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await makeInboxFixture(t);
  await call(t.app, "PATCH", `/callout-responses/${f.responseIds[0]}`, {
    cookie: f.admin.cookie,
    body: { bucket: "verified" },
  });
});
afterAll(() => t.close());

async function contactIds(rules: unknown[]) {
  const response = await call(t.app, "GET", `/contact?limit=100&${rulesQuery(rules)}`, { cookie: f.admin.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as { id: string }[]).map((item) => item.id);
}

describe("contact filters on callout data", () => {
  it("finds who answered a callout, and who did not", async () => {
    const answered = await contactIds([
      { field: `callouts.${f.callout.id}.hasAnswered`, operator: "equal", value: [true] },
    ]);
    expect(answered).toEqual([f.member.row.id]);
    const notAnswered = await contactIds([
      { field: `callouts.${f.callout.id}.hasAnswered`, operator: "equal", value: [false] },
    ]);
    expect(notAnswered).toContain(f.reviewer.row.id);
    expect(notAnswered).not.toContain(f.member.row.id);
  });

  it("filters by the contact's responses", async () => {
    const field = `callouts.${f.callout.id}.responses.bucket`;
    expect(await contactIds([{ field, operator: "equal", value: ["verified"] }])).toEqual([f.member.row.id]);
    expect(await contactIds([{ field, operator: "equal", value: ["trash"] }])).toEqual([]);
    expect(
      await contactIds([
        { field: `callouts.${f.callout.id}.responses.answers`, operator: "contains", value: ["story of bea"] },
      ]),
    ).toEqual([f.member.row.id]);
  });

  it("refuses unknown callout fields and bad values", async () => {
    for (const rule of [
      { field: `callouts.${f.callout.id}.responses.nope`, operator: "equal", value: ["x"] },
      { field: `callouts.${f.callout.id}.hasAnswered`, operator: "equal", value: ["yes"] },
      { field: "callouts.not-an-id.hasAnswered", operator: "equal", value: [true] },
      { field: `callouts.${randomUUID()}.hasAnswered`, operator: "equal", value: [true] },
    ]) {
      const response = await call(t.app, "GET", `/contact?${rulesQuery([rule])}`, { cookie: f.admin.cookie });
      expect(response.statusCode, rule.field).toBe(400);
      expect(response.json().code).toBe("invalid-rule");
    }
  });

  it("works in segments", async () => {
    const created = await call(t.app, "POST", "/segments", {
      cookie: f.admin.cookie,
      body: {
        name: "Answered",
        ruleGroup: {
          condition: "AND",
          rules: [{ field: `callouts.${f.callout.id}.hasAnswered`, operator: "equal", value: [true] }],
        },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const contacts = await call(t.app, "GET", `/segments/${created.json().id}/contacts`, { cookie: f.admin.cookie });
    expect(contacts.statusCode, contacts.body).toBe(200);
    expect(contacts.json().items.map((item: { id: string }) => item.id)).toEqual([f.member.row.id]);
  });
});
