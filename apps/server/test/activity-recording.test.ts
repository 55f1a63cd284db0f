import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACTIVITY_HIDDEN_VALUE, type ActivityEntry, type ActivityKind } from "@cohort/common/activity";
import { activity } from "../src/db/schema/index.js";
import { loginAs, makeCallout } from "./helpers/callout-factory.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { inboxAnswers, makeInboxFixture, rulesQuery, type InboxFixture } from "./helpers/inbox-fixture.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let superCookie: string;
let adminCookie: string;
let adminId: string;
let keyToken: string;
let inbox: InboxFixture;

beforeAll(async () => {
  t = await createTestApp();
  const superadmin = await makeContact(t.database.db, { roles: ["superadmin"] });
  const admin = await makeContact(t.database.db, { roles: ["admin"], firstname: "Ada", lastname: "Admin" });
  adminId = admin.id;
  superCookie = await loginAs(t.app, superadmin);
  adminCookie = await loginAs(t.app, admin);
  const key = await call(t.app, "POST", "/api-key", {
    cookie: superCookie,
    body: { description: "CRM sync", currentPassword: PASSWORD },
  });
  keyToken = key.json().token as string;
  inbox = await makeInboxFixture(t);
});
afterAll(() => t.close());
// Entries are listed newest first: each test acts a moment after the one before.
beforeEach(() => t.clock.advance(1000));

/** The newest entry of a kind, as a superadmin reads it. */
async function latest(kind: ActivityKind): Promise<ActivityEntry> {
  const response = await call(t.app, "GET", `/activity?kind=${kind}&limit=1`, { cookie: superCookie });
  expect(response.statusCode, response.body).toBe(200);
  const [entry] = response.json().items as ActivityEntry[];
  if (!entry) throw new Error(`nothing recorded of ${kind}`);
  return entry;
}

/** Every stored entry as text, to look for what must never be stored. */
async function storedText(): Promise<string> {
  return JSON.stringify(await t.database.db.select().from(activity));
}

describe("contacts", () => {
  it("records a contact created, changed and deleted by an admin, with fields before and after", async () => {
    const created = await call(t.app, "POST", "/contact", {
      cookie: adminCookie,
      body: { email: "grace@example.org", firstname: "Grace", lastname: "Hopper", password: "Secret-pass-12345" },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    expect(await latest("contact.create")).toMatchObject({
      actor: { type: "contact", id: adminId, name: "Ada Admin" },
      contact: { id, name: "Grace Hopper" },
      changes: {
        email: { before: null, after: "grace@example.org" },
        firstname: { before: null, after: "Grace" },
        password: { before: null, after: ACTIVITY_HIDDEN_VALUE },
      },
    });

    const changed = await call(t.app, "PATCH", `/contact/${id}`, {
      cookie: adminCookie,
      body: { firstname: "Admiral", password: "Another-pass-12345", profile: { notes: "Met at the fair" } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const update = await latest("contact.update");
    expect(update).toMatchObject({ contact: { id, name: "Admiral Hopper" } });
    expect(update.changes).toEqual({
      firstname: { before: "Grace", after: "Admiral" },
      password: { before: ACTIVITY_HIDDEN_VALUE, after: ACTIVITY_HIDDEN_VALUE },
      notes: { before: "", after: "Met at the fair" },
    });

    expect((await call(t.app, "DELETE", `/contact/${id}`, { cookie: adminCookie })).statusCode).toBe(204);
    // The person is gone, so the entry names nobody, but it keeps the id.
    expect(await latest("contact.delete")).toMatchObject({ contact: { id, name: null } });
    const stored = await storedText();
    expect(stored).not.toContain("Secret-pass");
    expect(stored).not.toContain("Another-pass");
  });

  it("records a bulk change once, with the count and the ids", async () => {
    const tag = await call(t.app, "POST", "/contact-tags", { cookie: adminCookie, body: { name: "Volunteers" } });
    const people = await Promise.all(
      [1, 2, 3].map(() => makeContact(t.database.db, { roles: ["member"], lastname: "Bulkington" })),
    );
    const rules = { condition: "AND", rules: [{ field: "lastname", operator: "equal", value: ["Bulkington"] }] };
    const before = (await t.database.db.select().from(activity)).length;
    const changed = await call(t.app, "PATCH", "/contact", {
      cookie: adminCookie,
      body: { rules, updates: { tags: [`+${tag.json().id}`] } },
    });
    expect(changed.json()).toEqual({ affected: 3 });
    expect((await t.database.db.select().from(activity)).length).toBe(before + 1);
    const entry = await latest("contact.bulk-update");
    expect(entry.count).toBe(3);
    expect(entry.ids.toSorted()).toEqual(people.map((person) => person.id).toSorted());

    // Untagging everyone the tag selects names the contacts it matched before the change.
    t.clock.advance(1000);
    const untagged = await call(t.app, "PATCH", "/contact", {
      cookie: adminCookie,
      body: {
        rules: { condition: "AND", rules: [{ field: "tags", operator: "contains", value: [tag.json().id] }] },
        updates: { tags: [`-${tag.json().id}`] },
      },
    });
    expect(untagged.statusCode, untagged.body).toBe(200);
    expect((await latest("contact.bulk-update")).ids.toSorted()).toEqual(people.map((person) => person.id).toSorted());

    const deleted = await call(t.app, "DELETE", "/contact", { cookie: adminCookie, body: { rules } });
    expect(deleted.json()).toMatchObject({ deleted: 3 });
    expect(await latest("contact.bulk-delete")).toMatchObject({ count: 3 });
  });

  it("records an import with its counts, and nothing for a dry run", async () => {
    const rows = [{ email: "imported@example.org", firstname: "Ima" }];
    await call(t.app, "POST", "/contact/import", { cookie: adminCookie, body: { rows, dryRun: true } });
    const response = await call(t.app, "GET", "/activity?kind=contact.import", { cookie: superCookie });
    expect(response.json().total).toBe(0);
    const imported = await call(t.app, "POST", "/contact/import", { cookie: adminCookie, body: { rows } });
    expect(imported.statusCode, imported.body).toBe(200);
    const entry = await latest("contact.import");
    expect(entry).toMatchObject({ count: 1, changes: { created: { before: null, after: 1 } } });
    expect(entry.ids).toHaveLength(1);
  });

  it("names the API key that made a change", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const response = await call(t.app, "PATCH", `/contact/${member.id}`, {
      headers: { authorization: `Bearer ${keyToken}` },
      body: { lastname: "Scripted" },
      withoutRequestedWith: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await latest("contact.update")).toMatchObject({
      actor: { type: "api-key", id: keyToken.slice(0, 16), name: "CRM sync" },
      contact: { id: member.id },
      changes: { lastname: { after: "Scripted" } },
    });
  });

  it("records nothing when members change their own details", async () => {
    const before = (await t.database.db.select().from(activity)).length;
    const patched = await call(t.app, "PATCH", "/contact/me", {
      cookie: inbox.member.cookie,
      body: { firstname: "Me" },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await t.database.db.select().from(activity)).length).toBe(before);
  });
});

describe("roles and contributions", () => {
  it("records a role granted and revoked, and a contribution set by hand", async () => {
    const member = await makeContact(t.database.db, { roles: [] });
    const granted = await call(t.app, "PUT", `/contact/${member.id}/role/member`, {
      cookie: adminCookie,
      body: { dateAdded: "2026-01-01T00:00:00.000Z", dateExpires: null },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await latest("role.put")).toMatchObject({
      contact: { id: member.id },
      target: "member",
      changes: { dateAdded: { before: null, after: "2026-01-01T00:00:00.000Z" } },
    });
    await call(t.app, "DELETE", `/contact/${member.id}/role/member`, { cookie: adminCookie });
    expect(await latest("role.revoke")).toMatchObject({ contact: { id: member.id }, target: "member" });

    const forced = await call(t.app, "PATCH", `/contact/${member.id}/contribution/force`, {
      cookie: adminCookie,
      body: { type: "Manual", amount: 5, period: "monthly", source: "Cash" },
    });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(await latest("contribution.force")).toMatchObject({
      contact: { id: member.id },
      changes: { type: { after: "Manual" }, amount: { after: 500 }, source: { after: "Cash" } },
    });
  });
});

describe("callouts and responses", () => {
  it("records a callout published, ended and deleted", async () => {
    const draft = await makeCallout(t.database.db, t.clock, { starts: null });
    const now = t.clock.now();
    const published = await call(t.app, "PATCH", `/callout/${draft.slug}`, {
      cookie: adminCookie,
      body: { starts: now.toISOString() },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(await latest("callout.publish")).toMatchObject({
      target: draft.slug,
      changes: { starts: { before: null, after: now.toISOString() } },
    });
    const ended = new Date(now.getTime() - 1000).toISOString();
    await call(t.app, "PATCH", `/callout/${draft.slug}`, { cookie: adminCookie, body: { expires: ended } });
    expect(await latest("callout.end")).toMatchObject({ target: draft.slug, changes: { expires: { after: ended } } });
    expect((await call(t.app, "DELETE", `/callout/${draft.slug}`, { cookie: adminCookie })).statusCode).toBe(204);
    expect(await latest("callout.delete")).toMatchObject({ target: draft.slug });
  });

  it("records responses moved in bulk and answers corrected, never what the answers say", async () => {
    const moved = await call(t.app, "PATCH", "/callout-responses", {
      cookie: adminCookie,
      body: {
        rules: { condition: "AND", rules: [{ field: "calloutId", operator: "equal", value: [inbox.callout.id] }] },
        updates: { bucket: "verified" },
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const bulk = await latest("response.bulk-update");
    expect(bulk).toMatchObject({ count: 3, changes: { bucket: { before: null, after: "verified" } } });
    expect(bulk.ids.toSorted()).toEqual(inbox.responseIds.toSorted());

    const [first] = inbox.responseIds;
    const corrected = await call(t.app, "PATCH", `/callout-responses/${first}`, {
      cookie: adminCookie,
      body: { answers: inboxAnswers("Zebediah") },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await latest("response.update")).toMatchObject({
      target: first,
      changes: { answers: { before: ACTIVITY_HIDDEN_VALUE, after: ACTIVITY_HIDDEN_VALUE } },
    });
    expect(await storedText()).not.toContain("Zebediah");
  });

  it("records a download of a callout's responses with the filter used", async () => {
    const query = rulesQuery([{ field: "bucket", operator: "equal", value: ["verified"] }]);
    const csv = await call(t.app, "GET", `/callout/${inbox.callout.id}/responses.csv?${query}`, {
      cookie: adminCookie,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const entry = await latest("export.responses");
    expect(entry.target).toBe(inbox.callout.slug);
    expect(String(entry.changes.rules?.after)).toContain("verified");
  });
});

describe("settings, keys and exports", () => {
  it("records settings with each field before and after, and secrets only as changed", async () => {
    await call(t.app, "PATCH", "/content/general", { cookie: adminCookie, body: { organisationName: "The Herald" } });
    expect(await latest("settings.update")).toMatchObject({
      target: "general",
      changes: { organisationName: { after: "The Herald" } },
    });
    t.clock.advance(1000);
    const saved = await call(t.app, "PATCH", "/newsletter/settings", {
      cookie: superCookie,
      body: { provider: "mailchimp", apiKey: "abcdef0123456789-us1", listId: "list1" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await latest("settings.update")).toMatchObject({
      target: "newsletter",
      changes: { apiKey: { after: ACTIVITY_HIDDEN_VALUE }, listId: { after: "list1" } },
    });
    expect(await storedText()).not.toContain("abcdef0123456789");
  });

  it("records API keys made and removed, never their token", async () => {
    const keyId = keyToken.slice(0, 16);
    const made = await call(t.app, "GET", `/activity?kind=api-key.create`, { cookie: superCookie });
    const first = (made.json().items as ActivityEntry[]).find((entry) => entry.target === keyId);
    expect(first).toMatchObject({ changes: { description: { before: null, after: "CRM sync" } } });
    const other = await call(t.app, "POST", "/api-key", {
      cookie: superCookie,
      body: { description: "Short-lived", currentPassword: PASSWORD },
    });
    const token = other.json().token as string;
    await call(t.app, "DELETE", `/api-key/${token.slice(0, 16)}`, { cookie: superCookie });
    expect(await latest("api-key.delete")).toMatchObject({ target: token.slice(0, 16) });
    const stored = await storedText();
    expect(stored).not.toContain(token.slice(17));
    expect(stored).not.toContain(keyToken.slice(17));
  });

  it("records webhook endpoints added, changed, given a new secret and removed, never the secret", async () => {
    const made = await call(t.app, "POST", "/webhook-endpoint", {
      cookie: adminCookie,
      body: { url: "https://hooks.example.org/cohort", events: ["contact.created"] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const { id, secret } = made.json<{ id: string; secret: string }>();
    expect(await latest("webhook.create")).toMatchObject({ target: id, actor: { id: adminId } });
    await call(t.app, "PATCH", `/webhook-endpoint/${id}`, { cookie: adminCookie, body: { status: "paused" } });
    expect(await latest("webhook.update")).toMatchObject({
      target: id,
      changes: { status: { before: "active", after: "paused" } },
    });
    t.clock.advance(1000);
    const rotated = await call(t.app, "POST", `/webhook-endpoint/${id}/secret`, { cookie: adminCookie });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(await latest("webhook.update")).toMatchObject({
      target: id,
      changes: { secret: { before: ACTIVITY_HIDDEN_VALUE, after: ACTIVITY_HIDDEN_VALUE } },
    });
    t.clock.advance(1000);
    await call(t.app, "DELETE", `/webhook-endpoint/${id}`, { cookie: adminCookie });
    // A removed endpoint is named by the address it had, not only by an id nobody can look up any more.
    expect(await latest("webhook.delete")).toMatchObject({
      target: id,
      changes: {
        url: { before: "https://hooks.example.org/cohort", after: null },
        events: { before: ["contact.created"], after: null },
      },
    });
    const stored = await storedText();
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(rotated.json<{ secret: string }>().secret);
  });

  it("records downloads of contacts and payments", async () => {
    const contacts = await call(t.app, "GET", "/contact.csv", { cookie: adminCookie });
    expect(contacts.statusCode).toBe(200);
    expect(await latest("export.contacts")).toMatchObject({ actor: { id: adminId }, changes: {} });
    const payments = await call(t.app, "GET", "/payment.csv", { cookie: adminCookie });
    expect(payments.statusCode).toBe(200);
    expect(await latest("export.payments")).toMatchObject({ actor: { id: adminId } });
  });
});

describe("tags, segments, notices and emails to many", () => {
  /** The kinds and changes recorded since `since` entries ago, oldest first. */
  async function kindsSince(count: number) {
    const response = await call(t.app, "GET", `/activity?limit=${count}`, { cookie: superCookie });
    return (response.json().items as ActivityEntry[])
      .toReversed()
      .map((entry) => [entry.kind, entry.target, entry.changes]);
  }
  const step = () => t.clock.advance(1000);

  it("records contact tags and response tags made, renamed and deleted", async () => {
    const made = await call(t.app, "POST", "/contact-tags", { cookie: adminCookie, body: { name: "Readers" } });
    const tagId = made.json<{ id: string }>().id;
    step();
    await call(t.app, "PATCH", `/contact-tags/${tagId}`, { cookie: adminCookie, body: { name: "Loyal readers" } });
    step();
    expect((await call(t.app, "DELETE", `/contact-tags/${tagId}`, { cookie: adminCookie })).statusCode).toBe(204);
    step();
    const slug = inbox.callout.slug;
    const responseTag = await call(t.app, "POST", `/callout/${slug}/tags`, {
      cookie: adminCookie,
      body: { name: "Follow up", description: "" },
    });
    expect(responseTag.statusCode, responseTag.body).toBe(200);
    const responseTagId = responseTag.json<{ id: string }>().id;
    step();
    await call(t.app, "PATCH", `/callout/${slug}/tags/${responseTagId}`, {
      cookie: adminCookie,
      body: { name: "Called back" },
    });
    step();
    await call(t.app, "DELETE", `/callout/${slug}/tags/${responseTagId}`, { cookie: adminCookie });
    expect(await kindsSince(6)).toEqual([
      ["tag.create", "Readers", expect.objectContaining({ name: { before: null, after: "Readers" } })],
      ["tag.update", "Loyal readers", { name: { before: "Readers", after: "Loyal readers" } }],
      [
        "tag.delete",
        "Loyal readers",
        { name: { before: "Loyal readers", after: null }, description: expect.anything() },
      ],
      ["response-tag.create", slug, expect.objectContaining({ name: { before: null, after: "Follow up" } })],
      ["response-tag.update", slug, { name: { before: "Follow up", after: "Called back" } }],
      ["response-tag.delete", slug, expect.objectContaining({ name: { before: "Called back", after: null } })],
    ]);
  });

  it("records segments and notices made, changed and deleted", async () => {
    const ruleGroup = { condition: "AND", rules: [{ field: "lastname", operator: "equal", value: ["Reader"] }] };
    const segment = await call(t.app, "POST", "/segments", {
      cookie: adminCookie,
      body: { name: "Readers", ruleGroup },
    });
    expect(segment.statusCode, segment.body).toBe(200);
    const segmentId = segment.json<{ id: string }>().id;
    step();
    await call(t.app, "PATCH", `/segments/${segmentId}`, { cookie: adminCookie, body: { name: "Only readers" } });
    step();
    await call(t.app, "DELETE", `/segments/${segmentId}`, { cookie: adminCookie });
    step();
    const notice = await call(t.app, "POST", "/notice", {
      cookie: adminCookie,
      body: { name: "Appeal", text: "<p>Give</p>" },
    });
    expect(notice.statusCode, notice.body).toBe(200);
    const noticeId = notice.json<{ id: string }>().id;
    step();
    await call(t.app, "PATCH", `/notice/${noticeId}`, { cookie: adminCookie, body: { buttonText: "Give now" } });
    step();
    await call(t.app, "DELETE", `/notice/${noticeId}`, { cookie: adminCookie });
    const recorded = await kindsSince(6);
    expect(recorded.map(([kind, target]) => [kind, target])).toEqual([
      ["segment.create", "Readers"],
      ["segment.update", "Only readers"],
      ["segment.delete", "Only readers"],
      ["notice.create", "Appeal"],
      ["notice.update", "Appeal"],
      ["notice.delete", "Appeal"],
    ]);
    expect(recorded[0]![2]).toMatchObject({ name: { before: null, after: "Readers" }, ruleGroup: { before: null } });
    expect(recorded[1]![2]).toEqual({ name: { before: "Readers", after: "Only readers" } });
    expect(recorded[4]![2]).toEqual({ buttonText: { before: null, after: "Give now" } });
    expect(recorded[5]![2]).toMatchObject({ name: { before: "Appeal", after: null } });
  });

  it("records an email to many drafted, changed, scheduled, cancelled, sent and deleted, never its body", async () => {
    const recipients = {
      type: "rules",
      rules: { condition: "AND", rules: [{ field: "email", operator: "ends_with", value: ["@nobody.test"] }] },
    };
    const body = "<p>A body that is never recorded</p>";
    const made = await call(t.app, "POST", "/mailing", {
      cookie: adminCookie,
      body: { kind: "marketing", recipients, versions: { en: { subject: "Spring news", body } } },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json<{ id: string }>().id;
    step();
    await call(t.app, "PATCH", `/mailing/${id}`, {
      cookie: adminCookie,
      body: { versions: { en: { subject: "Summer news", body } } },
    });
    step();
    const later = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    expect(
      (await call(t.app, "POST", `/mailing/${id}/send`, { cookie: adminCookie, body: { at: later } })).statusCode,
    ).toBe(200);
    step();
    expect((await call(t.app, "POST", `/mailing/${id}/cancel`, { cookie: adminCookie })).statusCode).toBe(200);
    step();
    const draft = await call(t.app, "POST", "/mailing", {
      cookie: adminCookie,
      body: { kind: "marketing", recipients, versions: { en: { subject: "Unsent", body } } },
    });
    step();
    await call(t.app, "DELETE", `/mailing/${draft.json<{ id: string }>().id}`, { cookie: adminCookie });
    step();
    expect((await call(t.app, "POST", `/mailing/${id}/send`, { cookie: adminCookie, body: {} })).statusCode).toBe(200);
    const recorded = await kindsSince(7);
    expect(recorded.map(([kind]) => kind)).toEqual([
      "mailing.create",
      "mailing.update",
      "mailing.schedule",
      "mailing.cancel",
      "mailing.create",
      "mailing.delete",
      "mailing.send",
    ]);
    expect(recorded[0]![2]).toMatchObject({
      kind: { before: null, after: "marketing" },
      subjects: { before: null, after: ["Spring news"] },
    });
    expect(recorded[1]![2]).toEqual({ subjects: { before: ["Spring news"], after: ["Summer news"] } });
    expect(recorded[2]![2]).toMatchObject({
      status: { before: "draft", after: "scheduled" },
      scheduledAt: { before: null, after: later },
    });
    expect(recorded[3]![2]).toMatchObject({ status: { before: "scheduled", after: "draft" } });
    expect(recorded[5]![2]).toMatchObject({ subjects: { before: ["Unsent"], after: null } });
    expect(await storedText()).not.toContain("never recorded");
  });
});
