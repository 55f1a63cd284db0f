import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../src/db/schema/index.js";
import { respond } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { inboxAnswers, makeInboxFixture, type InboxFixture } from "./helpers/inbox-fixture.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let f: InboxFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await makeInboxFixture(t);
});
afterAll(() => t.close());

const path = () => `/callout/${f.callout.id}/notifications`;

async function emailsTo(email: string, templateId: "callout-response-notice" | "callout-response-threshold") {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.templateId, templateId)));
}

async function answer(name: string): Promise<string> {
  const response = await respond(t.app, f.callout.id, { answers: inboxAnswers(name) }, { cookie: f.member.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
}

function save(body: unknown, cookie = f.admin.cookie) {
  return call(t.app, "PUT", path(), { cookie, body });
}

describe("who may change a callout's notifications", () => {
  it("refuses guests, members and reviewers, and accepts admins", async () => {
    const body = { recipients: [], thresholds: [] };
    expect((await call(t.app, "GET", path())).statusCode).toBe(403);
    for (const cookie of [f.member.cookie, f.reviewer.cookie]) {
      expect((await call(t.app, "GET", path(), { cookie })).statusCode).toBe(403);
      expect((await save(body, cookie)).statusCode).toBe(403);
    }
    const read = await call(t.app, "GET", path(), { cookie: f.admin.cookie });
    expect(read.statusCode, read.body).toBe(200);
    const candidates = (read.json().candidates as { contactId: string }[]).map((row) => row.contactId);
    expect(candidates).toContain(f.admin.row.id);
    expect(candidates).toContain(f.reviewer.row.id);
    expect(candidates).not.toContain(f.otherReviewer.row.id);
    expect(candidates).not.toContain(f.member.row.id);
  });

  it("accepts only admins and reviewers of this callout as recipients", async () => {
    for (const outsider of [f.member.row, f.otherReviewer.row]) {
      const response = await save({
        recipients: [{ contactId: outsider.id, eachResponse: true, thresholds: false }],
        thresholds: [],
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe("invalid-request");
    }
  });
});

describe("emails about new responses", () => {
  it("sends each subscriber one email per response, with a link and no answers, and nobody else any", async () => {
    const quietAdmin = await makeContact(t.database.db, { roles: ["admin"] });
    const saved = await save({
      recipients: [
        { contactId: f.reviewer.row.id, eachResponse: true, thresholds: false },
        { contactId: quietAdmin.id, eachResponse: false, thresholds: true },
      ],
      thresholds: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().recipients).toHaveLength(2);

    const first = await answer("Secret Dee");
    const second = await answer("Secret Eve");
    const emails = await emailsTo(f.reviewer.row.email, "callout-response-notice");
    expect(emails.map((email) => email.mergeFields.RESPONSELINK).sort()).toEqual(
      [first, second].map((id) => `${t.config.appUrl}/admin/callouts/view/${f.callout.id}/responses/${id}`).sort(),
    );
    for (const email of emails) {
      expect(email.textBody).not.toContain("Secret");
      expect(email.mergeFields.CALLOUTTITLE).toMatch(/^Callout \d+$/);
    }
    expect(await emailsTo(quietAdmin.email, "callout-response-notice")).toEqual([]);
    expect(await emailsTo(f.admin.row.email, "callout-response-notice")).toEqual([]);
    expect(await emailsTo(f.member.row.email, "callout-response-notice")).toEqual([]);
  });

  it("stops once the recipient is taken off", async () => {
    expect((await save({ recipients: [], thresholds: [] })).statusCode).toBe(200);
    const before = (await emailsTo(f.reviewer.row.email, "callout-response-notice")).length;
    await answer("Later");
    expect(await emailsTo(f.reviewer.row.email, "callout-response-notice")).toHaveLength(before);
  });
});

describe("threshold alerts", () => {
  it("alerts once when the count passes a threshold, never for one passed before it was set", async () => {
    const current = (
      await call(t.app, "GET", `/callout/${f.callout.id}/responses?limit=1`, { cookie: f.admin.cookie })
    ).json().total as number;
    const alerted = await makeContact(t.database.db, { roles: ["admin"] });
    const saved = await save({
      recipients: [{ contactId: alerted.id, eachResponse: false, thresholds: true }],
      thresholds: [1, current + 2],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().thresholds).toEqual([
      { threshold: 1, reached: true },
      { threshold: current + 2, reached: false },
    ]);

    await answer("One");
    expect(await emailsTo(alerted.email, "callout-response-threshold")).toEqual([]);
    await answer("Two");
    await answer("Three");
    const alerts = await emailsTo(alerted.email, "callout-response-threshold");
    expect(alerts.map((email) => email.mergeFields.THRESHOLD)).toEqual([String(current + 2)]);
    expect(await emailsTo(alerted.email, "callout-response-notice")).toEqual([]);
  });

  it("alerts once when responses arriving together cross the threshold", async () => {
    const current = (
      await call(t.app, "GET", `/callout/${f.callout.id}/responses?limit=1`, { cookie: f.admin.cookie })
    ).json().total as number;
    const alerted = await makeContact(t.database.db, { roles: ["admin"] });
    const saved = await save({
      recipients: [{ contactId: alerted.id, eachResponse: false, thresholds: true }],
      thresholds: [current + 3],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await Promise.all(["A", "B", "C", "D", "E", "F"].map((name) => answer(`Together ${name}`)));
    expect(await emailsTo(alerted.email, "callout-response-threshold")).toHaveLength(1);
  });
});
