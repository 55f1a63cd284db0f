import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calloutResponseListSchema, calloutResponseSchema } from "@cohort/common/callouts";
import { bearer, makeInboxFixture, rulesQuery, type InboxFixture } from "./helpers/inbox-fixture.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let f: InboxFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await makeInboxFixture(t, ["Ada", "Bea", "Cy", "Dee"]);
});
afterAll(() => t.close());

async function list(path: string, auth: { cookie?: string; headers?: Record<string, string> }) {
  const response = await call(t.app, "GET", path, auth);
  expect(response.statusCode, response.body).toBe(200);
  return calloutResponseListSchema.parse(response.json());
}

const names = (items: { answers?: Record<string, Record<string, unknown>> | undefined }[]) =>
  items.map((item) => item.answers?.s1?.name);

async function byRule(field: string, operator: string, value: unknown[]) {
  const page = await list(
    `/callout/${f.callout.id}/responses?with=answers&sort=number&${rulesQuery([{ field, operator, value }])}`,
    { cookie: f.admin.cookie },
  );
  return names(page.items);
}

describe("GET /callout/:id/responses for the inbox", () => {
  it("filters answers by the type of their component", async () => {
    expect(await byRule("answers.s1.name", "equal", ["Bea"])).toEqual(["Bea"]);
    expect(await byRule("answers.s1.name", "contains", ["E"])).toEqual(["Bea", "Dee"]);
    expect(await byRule("answers.s1.story", "contains", ["of cy"])).toEqual(["Cy"]);
    expect(await byRule("answers.s1.age", "greater_or_equal", [40])).toEqual(["Cy", "Dee"]);
    expect(await byRule("answers.s1.age", "between", [25, 45])).toEqual(["Bea", "Cy"]);
    expect(await byRule("answers.s1.agree", "equal", [true])).toHaveLength(4);
    expect(await byRule("answers.s1.agree", "equal", [false])).toEqual([]);
    expect(await byRule("answers.s1.colour", "equal", ["blue"])).toEqual(["Bea", "Dee"]);
    expect(await byRule("answers.s1.pets", "contains", ["cats"])).toHaveLength(4);
    expect(await byRule("answers.s1.pets", "contains", ["dogs"])).toEqual([]);
    expect(await byRule("answers.s1.pets", "is_empty", [])).toEqual([]);
    expect(await byRule("answers.s2.where", "is_empty", [])).toHaveLength(4);
  });

  it("refuses answer rules the component cannot take", async () => {
    for (const rule of [
      { field: "answers.s1.colour", operator: "equal", value: ["green"] },
      { field: "answers.s1.pets", operator: "contains", value: ["fish"] },
      { field: "answers.s1.age", operator: "greater", value: ["ten"] },
      { field: "answers.s1.agree", operator: "contains", value: ["x"] },
      { field: "answers.s9.name", operator: "equal", value: ["x"] },
    ]) {
      const response = await call(t.app, "GET", `/callout/${f.callout.id}/responses?${rulesQuery([rule])}`, {
        cookie: f.admin.cookie,
      });
      expect(response.statusCode, JSON.stringify(rule)).toBe(400);
      expect(response.json().code).toBe("invalid-rule");
    }
    const across = await call(
      t.app,
      "GET",
      `/callout-responses?${rulesQuery([{ field: "answers.s1.name", operator: "equal", value: ["Ada"] }])}`,
      { cookie: f.admin.cookie },
    );
    expect(across.statusCode).toBe(400);
  });

  it("honours every with option", async () => {
    const page = await list(
      `/callout/${f.callout.id}/responses?limit=1&sort=number&with=answers&with=contact&with=assignee&with=callout&with=latestComment&with=tags`,
      { cookie: f.admin.cookie },
    );
    const [item] = page.items;
    expect(item).toMatchObject({
      number: 1,
      bucket: "",
      contact: { id: f.member.row.id },
      assignee: null,
      callout: { id: f.callout.id, slug: f.callout.slug },
      latestComment: null,
      tags: [],
    });
    expect(item?.answers?.s1?.name).toBe("Ada");
  });

  it("gives reviewers every response of their callout, without the contact", async () => {
    const page = await list(`/callout/${f.callout.id}/responses?with=contact&with=assignee&with=answers`, {
      cookie: f.reviewer.cookie,
    });
    expect(page.total).toBe(4);
    expect(page.items[0]).not.toHaveProperty("contact");
    expect(page.items[0]).toHaveProperty("assignee", null);
    // Sorting and answer filters work for them too.
    const filtered = await list(
      `/callout/${f.callout.id}/responses?sort=createdAt&order=DESC&with=answers&${rulesQuery([
        { field: "answers.s1.colour", operator: "equal", value: ["red"] },
      ])}`,
      { cookie: f.reviewer.cookie },
    );
    expect(names(filtered.items)).toEqual(["Cy", "Ada"]);
  });

  it("gives a reviewer of another callout and other members only their own responses", async () => {
    expect((await list(`/callout/${f.callout.id}/responses`, { cookie: f.otherReviewer.cookie })).total).toBe(0);
    const own = await list(
      `/callout/${f.callout.id}/responses?with=assignee&with=tags&with=latestComment&with=contact&with=callout`,
      { cookie: f.member.cookie },
    );
    expect(own.total).toBe(4);
    // Staff matters stay with staff: the respondent sees their answers, not the triage.
    for (const key of ["assignee", "tags", "latestComment", "contact"]) expect(own.items[0]).not.toHaveProperty(key);
    expect(own.items[0]?.callout?.id).toBe(f.callout.id);
  });

  it("lets only those who triage filter on staff matters, so a member cannot learn how their response was triaged", async () => {
    const staffRules = [
      { field: "tags", operator: "contains", value: [crypto.randomUUID()] },
      { field: "assignee", operator: "is_empty", value: [] },
      { field: "utmCampaign", operator: "is_empty", value: [] },
    ];
    const get = (path: string, cookie: string) => call(t.app, "GET", path, { cookie });
    for (const rule of staffRules) {
      for (const [path, cookie] of [
        [`/callout/${f.callout.id}/responses?${rulesQuery([rule])}`, f.member.cookie],
        [`/callout-responses?${rulesQuery([rule])}`, f.member.cookie],
        [`/callout-responses?${rulesQuery([rule])}`, f.reviewer.cookie],
      ] as const) {
        const refused = await get(path, cookie);
        expect(refused.statusCode, `${rule.field} ${path}`).toBe(400);
        expect(refused.json()).toMatchObject({ code: "invalid-rule" });
      }
      expect(
        (await get(`/callout/${f.callout.id}/responses?${rulesQuery([rule])}`, f.reviewer.cookie)).statusCode,
      ).toBe(200);
      expect((await get(`/callout-responses?${rulesQuery([rule])}`, f.admin.cookie)).statusCode).toBe(200);
    }
    // What is theirs to know still filters their own responses.
    const recent = await list(
      `/callout/${f.callout.id}/responses?${rulesQuery([{ field: "createdAt", operator: "greater", value: ["2000-01-01T00:00:00.000Z"] }])}`,
      { cookie: f.member.cookie },
    );
    expect(recent.total).toBe(4);
  });

  it("lists across callouts as far as the caller may read", async () => {
    expect((await list("/callout-responses", { cookie: f.admin.cookie })).total).toBeGreaterThanOrEqual(5);
    expect((await list("/callout-responses", { headers: bearer(f.apiKey) })).total).toBeGreaterThanOrEqual(5);
    const reviewer = await list("/callout-responses?with=callout", { cookie: f.reviewer.cookie });
    expect(reviewer.total).toBe(4);
    expect(new Set(reviewer.items.map((item) => item.callout?.id))).toEqual(new Set([f.callout.id]));
    expect((await list("/callout-responses", { cookie: f.otherReviewer.cookie })).total).toBe(1);
    const own = await list(
      `/callout-responses?with=callout&${rulesQuery([{ field: "contact", operator: "equal", value: ["me"] }])}`,
      { cookie: f.member.cookie },
    );
    expect(own.total).toBe(5);
    expect((await call(t.app, "GET", "/callout-responses")).statusCode).toBe(401);
    expect((await call(t.app, "GET", `/callout/${f.callout.id}/responses`)).statusCode).toBe(401);
  });

  it("reads one response with the same rules", async () => {
    const id = f.responseIds[0]!;
    const path = `/callout-responses/${id}?with=answers&with=contact&with=tags`;
    const admin = await call(t.app, "GET", path, { cookie: f.admin.cookie });
    expect(admin.statusCode).toBe(200);
    expect(calloutResponseSchema.parse(admin.json())).toMatchObject({ id, contact: { id: f.member.row.id }, tags: [] });
    const reviewer = await call(t.app, "GET", path, { cookie: f.reviewer.cookie });
    expect(reviewer.statusCode).toBe(200);
    expect(reviewer.json()).not.toHaveProperty("contact");
    expect((await call(t.app, "GET", path, { cookie: f.member.cookie })).statusCode).toBe(200);
    expect((await call(t.app, "GET", path, { cookie: f.otherReviewer.cookie })).statusCode).toBe(404);
    expect((await call(t.app, "GET", path, { headers: bearer(f.apiKey) })).statusCode).toBe(200);
    expect((await call(t.app, "GET", path)).statusCode).toBe(401);
    expect((await call(t.app, "GET", "/callout-responses/not-a-uuid", { cookie: f.admin.cookie })).statusCode).toBe(
      400,
    );
  });
});
