import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewsletterStatus } from "@cohort/common/contacts";
import { mailingSchema, recipientCountsSchema } from "@cohort/common/mailings";
import { contactProfiles, contacts, emailOutbox, mailingRecipients } from "../src/db/schema/index.js";
import { createQueueWorker } from "../src/jobs/queue.js";
import { mailingJobs } from "../src/modules/mailings/sender.js";
import { defaultAnswers, loginAs, makeCallout, respond } from "./helpers/callout-factory.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

const APP_URL = "https://members.example.org";
let t: TestApp;
let adminCookie: string;
let adminId: string;
let apiKey: string;
const people: Record<string, { id: string; email: string }> = {};
let callout: { id: string };

async function setStatus(id: string, status: NewsletterStatus) {
  await t.database.db
    .update(contactProfiles)
    .set({ newsletterStatus: status })
    .where(eq(contactProfiles.contactId, id));
}

async function newsletterStatusOf(id: string) {
  const [profile] = await t.database.db.select().from(contactProfiles).where(eq(contactProfiles.contactId, id));
  return profile?.newsletterStatus;
}

/** Everyone whose email ends in @mail.test: the recipients of these tests. */
const ourPeople = {
  type: "rules" as const,
  rules: {
    condition: "AND" as const,
    rules: [{ field: "email", operator: "ends_with" as const, value: ["@mail.test"] }],
  },
};

const version = (subject: string, body: string) => ({ subject, body });

async function createMailing(body: Record<string, unknown>) {
  const response = await call(t.app, "POST", "/mailing", { cookie: adminCookie, body });
  expect(response.statusCode, response.body).toBe(200);
  return mailingSchema.parse(response.json());
}

async function runQueue() {
  return createQueueWorker(t.ctx, mailingJobs).runDue();
}

async function recipientsOf(mailingId: string) {
  const rows = await t.database.db.select().from(mailingRecipients).where(eq(mailingRecipients.mailingId, mailingId));
  return new Map(rows.map((row) => [row.email, row]));
}

async function outboxTo(email: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email)));
}

beforeAll(async () => {
  t = await createTestApp({ APP_URL, EMAIL_SEND_RATE: "1000" });
  const db = t.database.db;
  const admin = await makeContact(db, { email: "admin@admins.test", roles: ["superadmin"] });
  adminId = admin.id;
  adminCookie = await loginAs(t.app, admin);
  const key = await call(t.app, "POST", "/api-key", {
    cookie: adminCookie,
    body: { description: "Newsletter tool", currentPassword: PASSWORD },
  });
  apiKey = key.json().token as string;
  const specs: [string, NewsletterStatus, string | null][] = [
    ["ann", "subscribed", "en"],
    ["bo", "unsubscribed", null],
    ["cy", "cleaned", null],
    ["dee", "none", "de"],
    ["eve", "pending", null],
  ];
  for (const [name, status, locale] of specs) {
    const contact = await makeContact(db, {
      email: `${name}@mail.test`,
      firstname: name === "ann" ? "Ann <b>" : name[0]!.toUpperCase() + name.slice(1),
      roles: ["member"],
    });
    if (locale) {
      await db
        .update(contacts)
        .set({ locale: locale as "en" })
        .where(eq(contacts.id, contact.id));
    }
    await setStatus(contact.id, status);
    people[name] = contact;
  }
  await db
    .update(contacts)
    .set({ contributionAmount: 500, contributionPeriod: "monthly" })
    .where(eq(contacts.id, people.ann!.id));
  callout = await makeCallout(db, t.clock);
  for (const name of ["ann", "bo"]) {
    const answered = await respond(
      t.app,
      callout.id,
      { answers: defaultAnswers(name) },
      {
        cookie: await loginAs(t.app, people[name]!),
      },
    );
    expect(answered.statusCode, answered.body).toBe(200);
  }
});
afterAll(() => t.close());

describe("who may write to everyone", () => {
  it("members cannot, and an API key may do all but send itself a test", async () => {
    const member = await loginAs(t.app, people.ann!);
    const asMember = await call(t.app, "POST", "/mailing/recipient-count", {
      cookie: member,
      body: { kind: "service", recipients: ourPeople },
    });
    expect(asMember.statusCode).toBe(403);
    const asKey = (method: "GET" | "POST", path: string, body?: unknown) =>
      call(t.app, method, path, { headers: { authorization: `Bearer ${apiKey}` }, withoutRequestedWith: true, body });
    const created = await asKey("POST", "/mailing", {
      kind: "service",
      recipients: ourPeople,
      versions: { en: version("Hello", "<p>Hi</p>") },
    });
    expect(created.statusCode, created.body).toBe(200);
    const test = await asKey("POST", `/mailing/${created.json().id}/test`);
    expect(test.statusCode).toBe(400);
    expect(test.json().code).toBe("invalid-request");
  });
});

describe("recipients", () => {
  it("counts a filter, passing over unsubscribed and cleaned contacts for marketing only", async () => {
    const count = async (kind: string, recipients: unknown) => {
      const response = await call(t.app, "POST", "/mailing/recipient-count", {
        cookie: adminCookie,
        body: { kind, recipients },
      });
      expect(response.statusCode, response.body).toBe(200);
      return recipientCountsSchema.parse(response.json());
    };
    expect(await count("marketing", ourPeople)).toEqual({
      total: 5,
      willSend: 3,
      skipped: { unsubscribed: 1, cleaned: 1 },
    });
    expect(await count("service", ourPeople)).toEqual({
      total: 5,
      willSend: 5,
      skipped: { unsubscribed: 0, cleaned: 0 },
    });
    expect(await count("marketing", { type: "callout", calloutId: callout.id })).toEqual({
      total: 2,
      willSend: 1,
      skipped: { unsubscribed: 1, cleaned: 0 },
    });
    // Everyone who answered the callout with a given answer: an answer filter in the contact rules.
    const answeredAnn = {
      type: "rules",
      rules: {
        condition: "AND",
        rules: [{ field: `callouts.${callout.id}.responses.answers.slide1.name`, operator: "equal", value: ["ann"] }],
      },
    };
    expect((await count("service", answeredAnn)).total).toBe(1);
    const segment = await call(t.app, "POST", "/segments", {
      cookie: adminCookie,
      body: {
        name: "German speakers",
        ruleGroup: { condition: "AND", rules: [{ field: "email", operator: "equal", value: ["dee@mail.test"] }] },
      },
    });
    expect(segment.statusCode, segment.body).toBe(200);
    expect((await count("marketing", { type: "segment", segmentId: segment.json().id })).willSend).toBe(1);
  });

  it("refuses a segment or callout that does not exist, and a bad rule, with a 400", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const recipients of [
      { type: "segment", segmentId: missing },
      { type: "callout", calloutId: missing },
      { type: "rules", rules: { condition: "AND", rules: [{ field: "password", operator: "equal", value: ["x"] }] } },
    ]) {
      const response = await call(t.app, "POST", "/mailing/recipient-count", {
        cookie: adminCookie,
        body: { kind: "marketing", recipients },
      });
      expect(response.statusCode, JSON.stringify(recipients)).toBe(400);
    }
  });
});

describe("a marketing email", () => {
  let mailingId: string;
  let unsubscribeLink: string;

  beforeAll(async () => {
    const mailing = await createMailing({
      kind: "marketing",
      recipients: ourPeople,
      versions: {
        en: version(
          "News for *|FNAME|*",
          '<p>Hello *|FNAME|*, you give *|AMOUNT|*.</p><script>alert(1)</script><p><a href="/profile">Profile</a></p>',
        ),
        de: version("Neues für *|FNAME|*", "<p>Hallo *|FNAME|*</p>"),
      },
    });
    mailingId = mailing.id;
  });

  it("previews as any recipient, in their language, with merge fields escaped and the body sanitised", async () => {
    const ann = await call(t.app, "GET", `/mailing/${mailingId}/preview?contactId=${people.ann!.id}`, {
      cookie: adminCookie,
    });
    expect(ann.statusCode, ann.body).toBe(200);
    expect(ann.json()).toMatchObject({ locale: "en", to: "ann@mail.test", subject: "News for Ann <b>" });
    expect(ann.json().html).toContain("Hello Ann &lt;b&gt;, you give £5.00 a month.");
    expect(ann.json().html).not.toContain("<script");
    expect(ann.json().html).toContain(`href="${APP_URL}/profile"`);
    const dee = await call(t.app, "GET", `/mailing/${mailingId}/preview?email=DEE@mail.test`, {
      cookie: adminCookie,
    });
    expect(dee.json()).toMatchObject({ locale: "de", subject: "Neues für Dee" });
    expect(dee.json().html).toContain("Abmelden");
  });

  it("sends a test to the admin's own address only", async () => {
    const response = await call(t.app, "POST", `/mailing/${mailingId}/test`, { cookie: adminCookie });
    expect(response.statusCode, response.body).toBe(200);
    const [test] = await outboxTo("admin@admins.test");
    expect(test?.subject).toMatch(/^\[Test\] News for /);
    expect(await recipientsOf(mailingId)).toEqual(new Map());
  });

  it("goes to those who may get it, and records why the others were skipped", async () => {
    const sent = await call(t.app, "POST", `/mailing/${mailingId}/send`, { cookie: adminCookie, body: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe("scheduled");
    await runQueue();
    const recipients = await recipientsOf(mailingId);
    expect(Object.fromEntries([...recipients].map(([email, row]) => [email, [row.status, row.reason]]))).toEqual({
      "ann@mail.test": ["sent", null],
      "bo@mail.test": ["skipped", "unsubscribed"],
      "cy@mail.test": ["skipped", "cleaned"],
      "dee@mail.test": ["sent", null],
      "eve@mail.test": ["sent", null],
    });
    expect(await outboxTo("bo@mail.test")).toEqual([]);
    const [email] = await outboxTo("ann@mail.test");
    const link = /href="(https:\/\/members\.example\.org\/unsubscribe\/[^"]+)"/.exec(email!.htmlBody)?.[1];
    expect(link).toBeDefined();
    expect(email!.textBody).toContain(link);
    unsubscribeLink = link!;
    const mailing = await call(t.app, "GET", `/mailing/${mailingId}`, { cookie: adminCookie });
    expect(mailing.json()).toMatchObject({
      status: "sent",
      progress: { queued: 0, sending: 0, sent: 3, failed: 0, skipped: 2 },
    });
    const contactPage = await call(t.app, "GET", `/contact/${people.ann!.id}/mailings`, { cookie: adminCookie });
    expect(contactPage.json().items).toEqual([
      expect.objectContaining({ mailingId, status: "sent", subject: "News for *|FNAME|*" }),
    ]);
  });

  it("cannot be changed or deleted once sent", async () => {
    const patched = await call(t.app, "PATCH", `/mailing/${mailingId}`, {
      cookie: adminCookie,
      body: { kind: "service" },
    });
    expect(patched.statusCode).toBe(409);
    expect(patched.json().code).toBe("mailing-not-editable");
    const deleted = await call(t.app, "DELETE", `/mailing/${mailingId}`, { cookie: adminCookie });
    expect(deleted.json().code).toBe("mailing-not-editable");
    const again = await call(t.app, "POST", `/mailing/${mailingId}/send`, { cookie: adminCookie, body: {} });
    expect(again.json().code).toBe("mailing-not-editable");
  });

  it("unsubscribes from its link without logging in, and again changes nothing", async () => {
    const token = unsubscribeLink.split("/").pop()!;
    const opened = await call(t.app, "GET", `/unsubscribe/${token}`);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`${APP_URL}/unsubscribe/${token}`);
    for (let time = 0; time < 2; time++) {
      const response = await call(t.app, "POST", `/unsubscribe/${token}`, { body: {} });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ status: "unsubscribed" });
    }
    expect(await newsletterStatusOf(people.ann!.id)).toBe("unsubscribed");
    await setStatus(people.ann!.id, "subscribed");
  });

  it("unsubscribes with a mail client's one-click POST (RFC 8058)", async () => {
    const token = unsubscribeLink.split("/").pop()!;
    const response = await t.app.inject({
      method: "POST",
      url: `/api/1.0/unsubscribe/${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await newsletterStatusOf(people.ann!.id)).toBe("unsubscribed");
    await setStatus(people.ann!.id, "subscribed");
  });

  it("refuses a link whose signature does not hold", async () => {
    const token = unsubscribeLink.split("/").pop()!;
    const [contactHex] = token.split(".");
    const otherHex = people.dee!.id.replaceAll("-", "");
    for (const bad of [`${otherHex}.${token.split(".")[1]}`, `${contactHex}.AAAA`, "nonsense", `${contactHex}`]) {
      const response = await call(t.app, "POST", `/unsubscribe/${bad}`, { body: {} });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().code).toBe("invalid-unsubscribe-link");
    }
  });
});

describe("a service email", () => {
  it("goes to everyone chosen, without an unsubscribe link", async () => {
    const mailing = await createMailing({
      kind: "service",
      recipients: { type: "callout", calloutId: callout.id },
      versions: { en: version("About your membership", "<p>Dear *|NAME|*</p>") },
    });
    await call(t.app, "POST", `/mailing/${mailing.id}/send`, { cookie: adminCookie, body: {} });
    await runQueue();
    const recipients = await recipientsOf(mailing.id);
    expect([...recipients.values()].map((row) => row.status)).toEqual(["sent", "sent"]);
    const [toBo] = await outboxTo("bo@mail.test");
    expect(toBo?.subject).toBe("About your membership");
    expect(toBo?.htmlBody).not.toContain("/unsubscribe/");
  });
});

describe("a scheduled email", () => {
  it("waits for its time, and can be cancelled until then", async () => {
    const mailing = await createMailing({
      kind: "service",
      recipients: ourPeople,
      versions: { en: version("Later", "<p>Later</p>") },
    });
    const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const scheduled = await call(t.app, "POST", `/mailing/${mailing.id}/send`, { cookie: adminCookie, body: { at } });
    expect(scheduled.json()).toMatchObject({ status: "scheduled", scheduledAt: at });
    await runQueue();
    expect((await recipientsOf(mailing.id)).size).toBe(0);
    const edited = await call(t.app, "PATCH", `/mailing/${mailing.id}`, {
      cookie: adminCookie,
      body: { versions: { en: version("Later still", "<p>Later</p>") } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const cancelled = await call(t.app, "POST", `/mailing/${mailing.id}/cancel`, { cookie: adminCookie });
    expect(cancelled.json().status).toBe("draft");
    t.clock.advance(2 * 3_600_000);
    await runQueue();
    expect((await recipientsOf(mailing.id)).size).toBe(0);
    const again = await call(t.app, "POST", `/mailing/${mailing.id}/cancel`, { cookie: adminCookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("mailing-not-scheduled");
    // Scheduled again, it goes out when due.
    await call(t.app, "POST", `/mailing/${mailing.id}/send`, { cookie: adminCookie, body: {} });
    await runQueue();
    expect((await recipientsOf(mailing.id)).size).toBe(5);
    expect(adminId).toBeDefined();
  });
});
