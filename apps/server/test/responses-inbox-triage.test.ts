import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calloutTagSchema } from "@cohort/common/callouts";
import { bearer, inboxAnswers, makeInboxFixture, rulesQuery, type InboxFixture } from "./helpers/inbox-fixture.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let f: InboxFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await makeInboxFixture(t);
});
afterAll(() => t.close());

async function makeTag(calloutId: string, name: string, cookie = f.admin.cookie) {
  const response = await call(t.app, "POST", `/callout/${calloutId}/tags`, {
    cookie,
    body: { name, description: "A <b>tag</b><script>alert(1)</script>" },
  });
  expect(response.statusCode, response.body).toBe(200);
  return calloutTagSchema.parse(response.json());
}

const one = (id: string, cookie: string) =>
  call(t.app, "GET", `/callout-responses/${id}?with=tags&with=assignee&with=answers`, { cookie }).then((r) => r.json());

describe("callout tags", () => {
  it("lets admins and the callout's reviewers manage tags, nobody else", async () => {
    const tag = await makeTag(f.callout.id, "Follow up");
    expect(tag.description).toBe("A <b>tag</b>");
    const byReviewer = await makeTag(f.callout.slug, "Reviewer's", f.reviewer.cookie);
    const listed = await call(t.app, "GET", `/callout/${f.callout.id}/tags?sort=name&with=responseCount`, {
      cookie: f.reviewer.cookie,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      { id: tag.id, name: "Follow up", description: "A <b>tag</b>", responseCount: 0 },
      { id: byReviewer.id, name: "Reviewer's", description: "A <b>tag</b>", responseCount: 0 },
    ]);
    const renamed = await call(t.app, "PATCH", `/callout/${f.callout.id}/tags/${byReviewer.id}`, {
      cookie: f.reviewer.cookie,
      body: { name: "Renamed" },
    });
    expect(renamed.json()).toMatchObject({ id: byReviewer.id, name: "Renamed" });
    const got = await call(t.app, "GET", `/callout/${f.callout.id}/tags/${byReviewer.id}`, {
      headers: bearer(f.apiKey),
    });
    expect(got.json().name).toBe("Renamed");
    // The tag is not found through another callout.
    const elsewhere = await call(t.app, "GET", `/callout/${f.other.id}/tags/${byReviewer.id}`, {
      cookie: f.admin.cookie,
    });
    expect(elsewhere.statusCode).toBe(404);
    for (const cookie of [f.member.cookie, f.otherReviewer.cookie]) {
      expect((await call(t.app, "GET", `/callout/${f.callout.id}/tags`, { cookie })).statusCode).toBe(403);
      const post = await call(t.app, "POST", `/callout/${f.callout.id}/tags`, {
        cookie,
        body: { name: "x", description: "" },
      });
      expect(post.statusCode).toBe(403);
    }
    expect((await call(t.app, "GET", `/callout/${f.callout.id}/tags`)).statusCode).toBe(401);
    const deleted = await call(t.app, "DELETE", `/callout/${f.callout.id}/tags/${byReviewer.id}`, {
      cookie: f.reviewer.cookie,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await call(t.app, "GET", `/callout/${f.callout.id}/tags/${byReviewer.id}`, { cookie: f.admin.cookie }))
        .statusCode,
    ).toBe(404);
  });
});

describe("replicating a callout", () => {
  it("copies its tags with new ids", async () => {
    const source = await makeTag(f.other.id, "To copy");
    const copy = await call(t.app, "POST", `/callout?fromId=${f.other.id}`, { cookie: f.admin.cookie, body: {} });
    expect(copy.statusCode, copy.body).toBe(200);
    const tags = await call(t.app, "GET", `/callout/${copy.json().id}/tags`, { cookie: f.admin.cookie });
    const copied = tags.json<{ id: string; name: string }[]>().find((tag) => tag.name === "To copy");
    expect(copied).toBeDefined();
    expect(copied?.id).not.toBe(source.id);
  });
});

describe("PATCH /callout-responses/:id", () => {
  it("moves, tags and assigns for a reviewer of the callout", async () => {
    const tag = await makeTag(f.callout.id, "Single");
    const id = f.responseIds[0]!;
    const response = await call(t.app, "PATCH", `/callout-responses/${id}`, {
      cookie: f.reviewer.cookie,
      body: { bucket: "verified", tags: [`+${tag.id}`, `+${tag.id}`], assigneeId: f.reviewer.row.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, bucket: "verified" });
    const read = await one(id, f.admin.cookie);
    expect(read).toMatchObject({ tags: [{ id: tag.id, name: "Single" }], assignee: { id: f.reviewer.row.id } });
    const removed = await call(t.app, "PATCH", `/callout-responses/${id}`, {
      cookie: f.admin.cookie,
      body: { tags: [`-${tag.id}`], assigneeId: null, bucket: "" },
    });
    expect(removed.statusCode).toBe(200);
    expect(await one(id, f.admin.cookie)).toMatchObject({ tags: [], assignee: null, bucket: "" });
  });

  it("refuses an assignee who is no contact", async () => {
    const id = f.responseIds[1]!;
    const single = await call(t.app, "PATCH", `/callout-responses/${id}`, {
      cookie: f.admin.cookie,
      body: { assigneeId: crypto.randomUUID() },
    });
    expect(single.statusCode).toBe(400);
    const bulk = await call(t.app, "PATCH", "/callout-responses", {
      cookie: f.admin.cookie,
      body: { rules: { condition: "AND", rules: [] }, updates: { assigneeId: crypto.randomUUID() } },
    });
    expect(bulk.statusCode).toBe(400);
    const badTag = await call(t.app, "PATCH", `/callout-responses/${id}`, {
      cookie: f.admin.cookie,
      body: { tags: [`+${"-".repeat(36)}`] },
    });
    expect(badTag.statusCode).toBe(400);
  });

  it("refuses a tag of another callout and changes nothing", async () => {
    const foreign = await makeTag(f.other.id, "Foreign");
    const id = f.responseIds[1]!;
    const response = await call(t.app, "PATCH", `/callout-responses/${id}`, {
      cookie: f.admin.cookie,
      body: { bucket: "trash", tags: [`+${foreign.id}`] },
    });
    expect(response.statusCode).toBe(400);
    expect(await one(id, f.admin.cookie)).toMatchObject({ bucket: "", tags: [] });
  });

  it("lets only an admin correct answers, checked against the form", async () => {
    const id = f.responseIds[2]!;
    const fixed = inboxAnswers("Corrected");
    const byReviewer = await call(t.app, "PATCH", `/callout-responses/${id}`, {
      cookie: f.reviewer.cookie,
      body: { answers: fixed },
    });
    expect(byReviewer.statusCode).toBe(403);
    const bad = await call(t.app, "PATCH", `/callout-responses/${id}`, {
      cookie: f.admin.cookie,
      body: { answers: inboxAnswers("X", { age: "old", colour: "green" }) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "invalid-callout-response", subCode: "invalid-answers" });
    const good = await call(t.app, "PATCH", `/callout-responses/${id}`, {
      cookie: f.admin.cookie,
      body: { answers: fixed },
    });
    expect(good.statusCode, good.body).toBe(200);
    expect((await one(id, f.admin.cookie)).answers.s1.name).toBe("Corrected");
  });

  it("hides responses from members and reviewers of other callouts", async () => {
    const id = f.responseIds[0]!;
    for (const cookie of [f.member.cookie, f.otherReviewer.cookie]) {
      const response = await call(t.app, "PATCH", `/callout-responses/${id}`, { cookie, body: { bucket: "trash" } });
      expect(response.statusCode).toBe(404);
    }
    expect((await call(t.app, "PATCH", `/callout-responses/${id}`, { body: { bucket: "trash" } })).statusCode).toBe(
      401,
    );
    const byKey = await call(t.app, "PATCH", `/callout-responses/${f.otherResponseId}`, {
      headers: bearer(f.apiKey),
      body: { bucket: "verified" },
    });
    expect(byKey.statusCode).toBe(200);
  });
});

describe("PATCH /callout-responses (bulk)", () => {
  it("changes every matching response the caller may change", async () => {
    const tag = await makeTag(f.callout.id, "Bulk");
    const all = { condition: "OR", rules: [] };
    // A reviewer's change reaches their callout's responses only.
    const byReviewer = await call(t.app, "PATCH", "/callout-responses", {
      cookie: f.reviewer.cookie,
      body: { rules: all, updates: { bucket: "verified", tags: [`+${tag.id}`], assigneeId: f.reviewer.row.id } },
    });
    expect(byReviewer.statusCode, byReviewer.body).toBe(200);
    expect(byReviewer.json()).toEqual({ affected: 3 });
    const tagged = await call(
      t.app,
      "GET",
      `/callout/${f.callout.id}/responses?${rulesQuery([
        { field: "tags", operator: "contains", value: [tag.id] },
        { field: "bucket", operator: "equal", value: ["verified"] },
        { field: "assignee", operator: "equal", value: ["me"] },
      ])}`,
      { cookie: f.reviewer.cookie },
    );
    expect(tagged.json().total).toBe(3);
    // The other callout's response was not touched, and its tags were never added there.
    expect((await one(f.otherResponseId, f.admin.cookie)).tags).toEqual([]);
    const byMember = await call(t.app, "PATCH", "/callout-responses", {
      cookie: f.member.cookie,
      body: { rules: all, updates: { bucket: "trash" } },
    });
    expect(byMember.json()).toEqual({ affected: 0 });
    const none = await call(t.app, "PATCH", "/callout-responses", {
      cookie: f.admin.cookie,
      body: {
        rules: { condition: "AND", rules: [{ field: "bucket", operator: "equal", value: ["nowhere"] }] },
        updates: { bucket: "trash" },
      },
    });
    expect(none.json()).toEqual({ affected: 0 });
    const removed = await call(t.app, "PATCH", "/callout-responses", {
      headers: bearer(f.apiKey),
      body: {
        rules: { condition: "AND", rules: [{ field: "calloutId", operator: "equal", value: [f.callout.id] }] },
        updates: { tags: [`-${tag.id}`], bucket: "" },
      },
    });
    expect(removed.json()).toEqual({ affected: 3 });
    const inbox = await call(
      t.app,
      "GET",
      `/callout/${f.callout.id}/responses?${rulesQuery([
        { field: "bucket", operator: "is_empty", value: [] },
        { field: "tags", operator: "is_empty", value: [] },
      ])}`,
      { cookie: f.admin.cookie },
    );
    expect(inbox.json().total).toBe(3);
    expect(
      (await call(t.app, "PATCH", "/callout-responses", { body: { rules: all, updates: { bucket: "x" } } })).statusCode,
    ).toBe(401);
  });
});
