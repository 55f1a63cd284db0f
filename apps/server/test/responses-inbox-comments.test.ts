import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calloutResponseCommentListSchema, calloutResponseCommentSchema } from "@cohort/common/callouts";
import { bearer, makeInboxFixture, rulesQuery, type InboxFixture } from "./helpers/inbox-fixture.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let f: InboxFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await makeInboxFixture(t);
});
afterAll(() => t.close());

async function comment(responseId: string, text: string, auth: { cookie?: string; headers?: Record<string, string> }) {
  const response = await call(t.app, "POST", "/callout-response-comments", { ...auth, body: { responseId, text } });
  expect(response.statusCode, response.body).toBe(200);
  return calloutResponseCommentSchema.parse(response.json());
}

const thread = (responseId: string, cookie: string) =>
  call(
    t.app,
    "GET",
    `/callout-response-comments?sort=createdAt&limit=100&${rulesQuery([{ field: "responseId", operator: "equal", value: [responseId] }])}`,
    { cookie },
  );

describe("response comments", () => {
  it("lets admins and the callout's reviewers comment, with the HTML cleaned", async () => {
    const id = f.responseIds[0]!;
    const byAdmin = await comment(id, '<p>Call her <a href="javascript:alert(1)">now</a></p><script>x()</script>', {
      cookie: f.admin.cookie,
    });
    expect(byAdmin.text).not.toContain("script");
    expect(byAdmin.text).not.toContain("javascript");
    expect(byAdmin.contact.id).toBe(f.admin.row.id);
    t.clock.advance(1000);
    const byReviewer = await comment(id, "<p>On it</p>", { cookie: f.reviewer.cookie });
    const listed = await thread(id, f.reviewer.cookie);
    expect(listed.statusCode).toBe(200);
    const page = calloutResponseCommentListSchema.parse(listed.json());
    expect(page.items.map((item) => item.id)).toEqual([byAdmin.id, byReviewer.id]);
    // The latest comment comes with the response.
    const response = await call(t.app, "GET", `/callout-responses/${id}?with=latestComment`, {
      cookie: f.reviewer.cookie,
    });
    expect(response.json().latestComment).toMatchObject({ id: byReviewer.id, text: "<p>On it</p>" });
  });

  it("refuses members, reviewers of other callouts, guests and a key without a contact", async () => {
    const id = f.responseIds[1]!;
    for (const cookie of [f.member.cookie, f.otherReviewer.cookie]) {
      const response = await call(t.app, "POST", "/callout-response-comments", {
        cookie,
        body: { responseId: id, text: "Hi" },
      });
      expect(response.statusCode).toBe(404);
    }
    expect(
      (await call(t.app, "POST", "/callout-response-comments", { body: { responseId: id, text: "Hi" } })).statusCode,
    ).toBe(401);
    const byKey = await call(t.app, "POST", "/callout-response-comments", {
      headers: bearer(f.apiKey),
      body: { responseId: id, text: "Hi" },
    });
    expect(byKey.statusCode).toBe(400);
    await comment(id, "Seen", { cookie: f.reviewer.cookie });
    const otherThread = await thread(id, f.otherReviewer.cookie);
    expect(otherThread.json().total).toBe(0);
    expect((await thread(id, f.member.cookie)).json().total).toBe(0);
  });

  it("lets only the author edit, and the author or an admin delete", async () => {
    const id = f.responseIds[2]!;
    const mine = await comment(id, "<p>First</p>", { cookie: f.reviewer.cookie });
    const path = `/callout-response-comments/${mine.id}`;
    expect((await call(t.app, "PATCH", path, { cookie: f.admin.cookie, body: { text: "Nope" } })).statusCode).toBe(403);
    t.clock.advance(5000);
    const edited = await call(t.app, "PATCH", path, {
      cookie: f.reviewer.cookie,
      body: { text: "<p>Second</p><img src=x onerror=alert(1)>" },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().text).not.toContain("onerror");
    expect(edited.json().updatedAt).not.toBe(mine.updatedAt);
    expect((await call(t.app, "PATCH", path, { cookie: f.otherReviewer.cookie, body: { text: "x" } })).statusCode).toBe(
      404,
    );
    const adminsComment = await comment(id, "Admin's", { cookie: f.admin.cookie });
    expect(
      (await call(t.app, "DELETE", `/callout-response-comments/${adminsComment.id}`, { cookie: f.reviewer.cookie }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, "DELETE", path, { cookie: f.admin.cookie })).statusCode).toBe(204);
    expect((await call(t.app, "GET", path, { cookie: f.admin.cookie })).statusCode).toBe(404);
    expect(
      (await call(t.app, "DELETE", `/callout-response-comments/${adminsComment.id}`, { cookie: f.admin.cookie }))
        .statusCode,
    ).toBe(204);
  });
});
