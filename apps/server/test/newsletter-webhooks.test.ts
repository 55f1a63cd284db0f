import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { CONTACT_LIMITS } from "@cohort/common/contacts";
import { API_PREFIX } from "@cohort/common/http";
import { startMailchimpStandIn, type MailchimpStandIn } from "@cohort/stand-ins/mailchimp";
import { contactProfiles, contacts } from "../src/db/schema/index.js";
import { findContactIdByEmail } from "../src/modules/newsletter/queries.js";
import { syncDueContacts } from "../src/modules/newsletter/sync.js";
import { subscriberHash } from "../src/providers/newsletter/mailchimp.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let mailchimp: MailchimpStandIn;
let webhookPath: string;
let readerId: string;
let readerEmail: string;

beforeAll(async () => {
  mailchimp = await startMailchimpStandIn();
  t = await createTestApp({ MAILCHIMP_API_URL: mailchimp.url });
});
afterAll(async () => {
  await t.close();
  await mailchimp.close();
});

beforeEach(async () => {
  await t.database.db.execute(sql`TRUNCATE contacts, newsletter_sync, newsletter_settings CASCADE`);
  const superadmin = await makeContact(t.database.db, { roles: ["superadmin", "admin"] });
  const reader = await makeContact(t.database.db, { roles: ["member"] });
  readerId = reader.id;
  readerEmail = reader.email;
  await t.database.db
    .update(contactProfiles)
    .set({ newsletterStatus: "subscribed" })
    .where(eq(contactProfiles.contactId, reader.id));
  const cookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: superadmin.email, password: PASSWORD } }),
  );
  const settings = await call(t.app, "PATCH", "/newsletter/settings", {
    cookie,
    body: { provider: "mailchimp", apiKey: mailchimp.apiKey, listId: mailchimp.listId },
  });
  await call(t.app, "PATCH", "/content/join/setup", {
    cookie,
    body: {
      newsletterGroups: [
        { id: "int-culture", label: "Culture", checked: false },
        { id: "int-politics", label: "Politics", checked: false },
      ],
    },
  });
  webhookPath = new URL(settings.json<{ webhookUrl: string }>().webhookUrl).pathname;
  expect(webhookPath.startsWith(`${API_PREFIX}/newsletter/webhook/`)).toBe(true);
});

/** Posts a webhook as Mailchimp does: form fields, no requested-with header. */
function post(path: string, fields: Record<string, string>) {
  return t.app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function reader() {
  const [row] = await t.database.db
    .select({
      email: contacts.email,
      firstname: contacts.firstname,
      status: contactProfiles.newsletterStatus,
      groups: contactProfiles.newsletterGroups,
    })
    .from(contacts)
    .innerJoin(contactProfiles, eq(contactProfiles.contactId, contacts.id))
    .where(eq(contacts.id, readerId));
  return row!;
}

describe("Mailchimp webhooks", () => {
  it("answers Mailchimp's check of the address, and refuses a wrong secret", async () => {
    expect((await t.app.inject({ method: "GET", url: webhookPath })).statusCode).toBe(200);
    const wrong = `${API_PREFIX}/newsletter/webhook/not-the-secret`;
    expect((await t.app.inject({ method: "GET", url: wrong })).statusCode).toBe(403);
    const refused = await post(wrong, {
      type: "unsubscribe",
      "data[email]": readerEmail,
      "data[list_id]": mailchimp.listId,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "forbidden", httpCode: 403 });
    expect((await reader()).status).toBe("subscribed");
  });

  it("unsubscribes, cleans and confirms the contact with that address", async () => {
    const base = { "data[email]": readerEmail.toUpperCase(), "data[list_id]": mailchimp.listId };
    expect((await post(webhookPath, { type: "unsubscribe", ...base })).json()).toEqual({ applied: true });
    expect((await reader()).status).toBe("unsubscribed");
    await post(webhookPath, { type: "subscribe", ...base });
    expect((await reader()).status).toBe("subscribed");
    await post(webhookPath, { type: "cleaned", ...base, "data[reason]": "hard" });
    expect((await reader()).status).toBe("cleaned");
    // The same event twice ends the same.
    await post(webhookPath, { type: "cleaned", ...base, "data[reason]": "hard" });
    expect((await reader()).status).toBe("cleaned");
  });

  it("takes names and groups from a profile update", async () => {
    await post(webhookPath, {
      type: "profile",
      "data[email]": readerEmail,
      "data[list_id]": mailchimp.listId,
      "data[merges][FNAME]": "Ada",
      "data[merges][INTERESTS]": "Politics, Unknown",
    });
    expect(await reader()).toMatchObject({ firstname: "Ada", groups: ["int-politics"] });
  });

  it("never takes a new address from upemail as the login address: staff are told, and the subscriber gets Cohort's address back", async () => {
    // Whoever holds a forwarded newsletter can change the address at Mailchimp.
    const changed = await post(webhookPath, {
      type: "upemail",
      "data[old_email]": readerEmail,
      "data[new_email]": "taker@example.net",
      "data[list_id]": mailchimp.listId,
    });
    expect(changed.json()).toEqual({ applied: true });
    const [row] = await t.database.db
      .select({ email: contacts.email, notes: contactProfiles.notes })
      .from(contacts)
      .innerJoin(contactProfiles, eq(contactProfiles.contactId, contacts.id))
      .where(eq(contacts.id, readerId));
    expect(row!.email).toBe(readerEmail);
    expect(row!.notes).toContain("taker@example.net");
    // The new address belongs to nobody in Cohort, so no reset link can go there.
    expect(await findContactIdByEmail(t.database.db, "taker@example.net")).toBeNull();
    // Mailchimp knows the subscriber by the new address now: the next send reaches that one
    // subscriber and gives it the login address back, rather than adding a second.
    mailchimp.members.clear();
    mailchimp.members.set(subscriberHash("taker@example.net"), {
      email_address: "taker@example.net",
      status: "subscribed",
      merge_fields: { FNAME: "", LNAME: "" },
      interests: {},
      tags: [],
    });
    await syncDueContacts(t.ctx);
    expect([...mailchimp.members.values()].map((member) => member.email_address)).toEqual([readerEmail]);
  });

  it("notes an upemail once however often it arrives, and never cuts what staff wrote to make room", async () => {
    const notesOf = async () => {
      const [row] = await t.database.db
        .select({ notes: contactProfiles.notes })
        .from(contactProfiles)
        .where(eq(contactProfiles.contactId, readerId));
      return row!.notes;
    };
    const upemail = (to: string) =>
      post(webhookPath, {
        type: "upemail",
        "data[old_email]": readerEmail,
        "data[new_email]": to,
        "data[list_id]": mailchimp.listId,
      });
    await upemail("again@example.net");
    await upemail("again@example.net");
    expect((await notesOf()).split("again@example.net").length - 1).toBe(1);
    // Notes at their limit stay as staff wrote them, however many addresses the provider reports.
    const full = `Staff: ${"x".repeat(CONTACT_LIMITS.notes - 7)}`;
    await t.database.db.update(contactProfiles).set({ notes: full }).where(eq(contactProfiles.contactId, readerId));
    for (const to of ["one@example.net", "two@example.net"]) expect((await upemail(to)).statusCode).toBe(200);
    expect(await notesOf()).toBe(full);
    expect(await reader()).toMatchObject({ email: readerEmail });
  });

  it("ignores an unknown address and another list, and never creates a contact", async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(contacts);
    const unknown = await post(webhookPath, {
      type: "subscribe",
      "data[email]": "stranger@example.org",
      "data[list_id]": mailchimp.listId,
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ applied: false });
    const otherList = await post(webhookPath, {
      type: "unsubscribe",
      "data[email]": readerEmail,
      "data[list_id]": "other",
    });
    expect(otherList.json()).toEqual({ applied: false });
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(contacts);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect((await reader()).status).toBe("subscribed");
  });
});
