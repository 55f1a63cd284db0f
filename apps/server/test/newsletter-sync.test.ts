import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { startMailchimpStandIn, type MailchimpStandIn } from "@cohort/stand-ins/mailchimp";
import { contactProfiles, contactRoles, contacts, newsletterSync } from "../src/db/schema/index.js";
import { membershipAt, reconcile, syncDueContacts } from "../src/modules/newsletter/sync.js";
import * as nlQueries from "../src/modules/newsletter/queries.js";
import { startNewsletterReconciliation } from "../src/modules/newsletter/service.js";
import { and, asc } from "drizzle-orm";
import { emailOutbox } from "../src/db/schema/index.js";
import { defaultAnswers, makeCallout, respond } from "./helpers/callout-factory.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let mailchimp: MailchimpStandIn;
let superadminCookie: string;
let adminCookie: string;
let memberCookie: string;
let memberId: string;

const GROUPS = [
  { id: "int-culture", label: "Culture" },
  { id: "int-politics", label: "Politics" },
];

async function drain(): Promise<void> {
  while ((await syncDueContacts(t.ctx)) > 0) {
    // until nothing is due
  }
}

beforeAll(async () => {
  mailchimp = await startMailchimpStandIn();
  t = await createTestApp({ MAILCHIMP_API_URL: mailchimp.url });
});
afterAll(async () => {
  await t.close();
  await mailchimp.close();
});

beforeEach(async () => {
  await t.database.db.execute(
    sql`TRUNCATE contacts, newsletter_sync, newsletter_settings, newsletter_reconciliations CASCADE`,
  );
  mailchimp.members.clear();
  mailchimp.failWith = null;
  const login = async (email: string) =>
    sessionCookie(await call(t.app, "POST", "/auth/login", { body: { email, password: PASSWORD } }));
  const superadmin = await makeContact(t.database.db, { roles: ["superadmin", "admin"] });
  const admin = await makeContact(t.database.db, { roles: ["admin"] });
  const member = await makeContact(t.database.db, { roles: ["member"] });
  memberId = member.id;
  superadminCookie = await login(superadmin.email);
  adminCookie = await login(admin.email);
  memberCookie = await login(member.email);
});

async function connect(): Promise<void> {
  const response = await call(t.app, "PATCH", "/newsletter/settings", {
    cookie: superadminCookie,
    body: { provider: "mailchimp", apiKey: mailchimp.apiKey, listId: mailchimp.listId },
  });
  expect(response.statusCode).toBe(200);
  // The groups are the join page's; their ids are Mailchimp's interest ids.
  const groups = await call(t.app, "PATCH", "/content/join/setup", {
    cookie: adminCookie,
    body: { newsletterGroups: GROUPS.map((group) => ({ ...group, checked: false })) },
  });
  expect(groups.statusCode).toBe(200);
}

async function setProfile(id: string, changes: Partial<typeof contactProfiles.$inferInsert>) {
  await t.database.db.update(contactProfiles).set(changes).where(eq(contactProfiles.contactId, id));
}

describe("settings", () => {
  it("never sends the key back, and only a superadmin changes the connection", async () => {
    await connect();
    const read = await call(t.app, "GET", "/newsletter/settings", { cookie: adminCookie });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(mailchimp.apiKey);
    expect(read.json()).toMatchObject({ provider: "mailchimp", hasApiKey: true, webhookUrl: "" });
    const asAdmin = await call(t.app, "PATCH", "/newsletter/settings", {
      cookie: adminCookie,
      body: { apiKey: "x-us2" },
    });
    expect(asAdmin.statusCode).toBe(403);
    const tags = await call(t.app, "PATCH", "/newsletter/settings", {
      cookie: adminCookie,
      body: { activeMemberTag: "Member" },
    });
    expect(tags.statusCode).toBe(200);
    const asMember = await call(t.app, "GET", "/newsletter/settings", { cookie: memberCookie });
    expect(asMember.statusCode).toBe(403);
  });

  it("tests the connection and says whether the key or the list is wrong", async () => {
    await connect();
    const ok = await call(t.app, "POST", "/newsletter/settings/test", { cookie: adminCookie });
    expect(ok.json()).toEqual({ ok: true, listName: "Harbour Post readers" });
    await call(t.app, "PATCH", "/newsletter/settings", { cookie: superadminCookie, body: { listId: "nope" } });
    const list = await call(t.app, "POST", "/newsletter/settings/test", { cookie: adminCookie });
    expect(list.json()).toEqual({ ok: false, problem: "list" });
    await call(t.app, "PATCH", "/newsletter/settings", {
      cookie: superadminCookie,
      body: { listId: mailchimp.listId, apiKey: "ffffffffffffffffffffffffffffffff-us1" },
    });
    const key = await call(t.app, "POST", "/newsletter/settings/test", { cookie: adminCookie });
    expect(key.json()).toEqual({ ok: false, problem: "key" });
  });
});

describe("outward sync", () => {
  it("sends status, names, groups and the membership tag of a changed contact, from any code path", async () => {
    await connect();
    await setProfile(memberId, { newsletterStatus: "subscribed", newsletterGroups: ["int-politics"] });
    await drain();
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, memberId));
    const member = mailchimp.member(row!.email);
    expect(member).toMatchObject({
      status: "subscribed",
      merge_fields: { FNAME: row!.firstname, LNAME: row!.lastname },
      interests: { "int-culture": false, "int-politics": true },
      tags: ["Active member"],
    });
  });

  it("does not fail or wait for the user's change when the provider is down, and sends it later", async () => {
    await connect();
    await drain();
    mailchimp.failWith = 503;
    const response = await call(t.app, "PATCH", "/contact/me", {
      cookie: memberCookie,
      body: { profile: { newsletterStatus: "subscribed", newsletterGroups: ["int-culture"] } },
    });
    expect(response.statusCode).toBe(200);
    await drain();
    const [mark] = await t.database.db.select().from(newsletterSync).where(eq(newsletterSync.contactId, memberId));
    expect(mark!.attempts).toBe(1);
    expect(mark!.lastError).toContain("Mailchimp");
    mailchimp.failWith = null;
    expect(await syncDueContacts(t.ctx)).toBe(0); // not before its retry time
    t.clock.advance(60_000);
    await drain();
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, memberId));
    expect(mailchimp.member(row!.email)).toMatchObject({ status: "subscribed", interests: { "int-culture": true } });
  });

  it("moves the member to the lapsed tag when the membership ends by itself", async () => {
    await connect();
    const ends = new Date(t.clock.now().getTime() + 3_600_000);
    await t.database.db.update(contactRoles).set({ dateExpires: ends }).where(eq(contactRoles.contactId, memberId));
    await setProfile(memberId, { newsletterStatus: "subscribed" });
    await drain();
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, memberId));
    expect(mailchimp.member(row!.email)?.tags).toEqual(["Active member"]);
    t.clock.advance(2 * 3_600_000);
    await drain();
    expect(mailchimp.member(row!.email)?.tags).toEqual(["Lapsed member"]);
  });

  it("follows a change of address and archives a deleted contact", async () => {
    await connect();
    await setProfile(memberId, { newsletterStatus: "subscribed" });
    await drain();
    await t.database.db.update(contacts).set({ email: "moved@example.org" }).where(eq(contacts.id, memberId));
    await drain();
    expect(mailchimp.member("moved@example.org")?.status).toBe("subscribed");
    expect([...mailchimp.members.values()].filter((m) => m.status === "subscribed")).toHaveLength(1);
    await t.database.db.delete(contacts).where(eq(contacts.id, memberId));
    await drain();
    expect(mailchimp.member("moved@example.org")?.status).toBe("archived");
    const left = await t.database.db.select().from(newsletterSync).where(eq(newsletterSync.contactId, memberId));
    expect(left).toHaveLength(0);
  });

  it("ends in the same state whatever order changes and syncs come in", async () => {
    await connect();
    const statuses = ["subscribed", "unsubscribed", "pending", "none"] as const;
    const change = fc.oneof(
      fc.record({ kind: fc.constant("status" as const), value: fc.constantFrom(...statuses) }),
      fc.record({ kind: fc.constant("groups" as const), value: fc.subarray(["int-culture", "int-politics"]) }),
      fc.record({ kind: fc.constant("name" as const), value: fc.constantFrom("Ada", "Grace", "Edsger") }),
      fc.record({ kind: fc.constant("sync" as const), value: fc.constant(null) }),
      fc.record({ kind: fc.constant("fail" as const), value: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(change, { maxLength: 12 }), async (steps) => {
        await setProfile(memberId, { newsletterStatus: "subscribed", newsletterGroups: [] });
        for (const step of steps) {
          if (step.kind === "status") await setProfile(memberId, { newsletterStatus: step.value });
          if (step.kind === "groups") await setProfile(memberId, { newsletterGroups: step.value });
          if (step.kind === "name") {
            await t.database.db.update(contacts).set({ firstname: step.value }).where(eq(contacts.id, memberId));
          }
          if (step.kind === "sync") await syncDueContacts(t.ctx);
          if (step.kind === "fail") mailchimp.failWith = step.value ? 503 : null;
        }
        mailchimp.failWith = null;
        t.clock.advance(7 * 3600_000);
        await drain();
        const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, memberId));
        const [profile] = await t.database.db
          .select()
          .from(contactProfiles)
          .where(eq(contactProfiles.contactId, memberId));
        const there = mailchimp.member(row!.email);
        if (profile!.newsletterStatus === "none") {
          expect(there === undefined || there.status === "archived").toBe(true);
        } else {
          // A pending address already on the list keeps its status until the member confirms.
          if (profile!.newsletterStatus !== "pending") expect(there?.status).toBe(profile!.newsletterStatus);
          expect(there?.merge_fields.FNAME).toBe(row!.firstname);
          for (const group of ["int-culture", "int-politics"]) {
            expect(there?.interests[group]).toBe(profile!.newsletterGroups.includes(group));
          }
        }
        expect((await nlQueries.countDue(t.database.db)).due).toBe(0);
      }),
      { numRuns: 25 },
    );
  });

  it("keeps marks while no provider is connected and sends them once one is", async () => {
    await setProfile(memberId, { newsletterStatus: "subscribed" });
    expect(await syncDueContacts(t.ctx)).toBe(0);
    expect(mailchimp.requests.length).toBeGreaterThanOrEqual(0);
    await connect();
    await drain();
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, memberId));
    expect(mailchimp.member(row!.email)?.status).toBe("subscribed");
  });
});

describe("reconciliation", () => {
  it("sends every contact whose copy differs with the batch operation, and reports how many", async () => {
    await connect();
    for (let index = 0; index < 5; index += 1) {
      const contact = await makeContact(t.database.db, { password: null });
      await setProfile(contact.id, { newsletterStatus: "subscribed" });
    }
    // Nothing synced: the marks are dropped to see reconciliation find the differences itself.
    await t.database.db.execute(sql`UPDATE newsletter_sync SET synced_version = version`);
    const { reconciliation, finished } = await startNewsletterReconciliation(t.ctx);
    expect(reconciliation.status).toBe("running");
    await finished;
    const done = await call(t.app, "GET", "/newsletter/reconciliation", { cookie: adminCookie });
    expect(done.json().reconciliation).toMatchObject({ status: "done", total: 8, done: 8, differed: 5, failed: 0 });
    expect(mailchimp.requests.filter((r) => r === `POST /3.0/lists/${mailchimp.listId}`)).toHaveLength(1);
    t.clock.advance(1000);
    const again = await startNewsletterReconciliation(t.ctx);
    await again.finished;
    expect((await nlQueries.latestReconciliation(t.database.db))?.differed).toBe(0);
  });

  it("finds the same differences window by window, counting groups as a set of those on offer", async () => {
    await connect();
    const make = async (status: "subscribed" | "unsubscribed" | "none" | "cleaned", groups: string[] = []) => {
      const contact = await makeContact(t.database.db, { password: null });
      await setProfile(contact.id, { newsletterStatus: status, newsletterGroups: groups });
      return contact;
    };
    const agreeing = await make("subscribed", ["int-politics", "int-culture", "int-culture"]);
    const renamed = await make("subscribed");
    const regrouped = await make("unsubscribed", ["int-culture"]);
    // A group no longer on offer is never sent, so it is no difference.
    const retiredGroup = await make("subscribed", ["int-culture", "int-retired"]);
    const missing = await make("subscribed");
    const never = await make("none");
    const bounced = await make("cleaned");
    await drain();
    // The provider's copies drift; the marks are dropped so only the reconciliation can find it.
    mailchimp.member(renamed.email)!.merge_fields.FNAME = "Someone else";
    mailchimp.member(regrouped.email)!.interests["int-culture"] = false;
    mailchimp.member(missing.email)!.status = "archived";
    await t.database.db.execute(sql`UPDATE newsletter_sync SET synced_version = version`);
    const before = new Map([...mailchimp.members].map(([key, member]) => [key, structuredClone(member)]));

    const endStates: unknown[] = [];
    const batches: number[] = [];
    // Windows of 2 over the 10 contacts, then one window: the same contacts differ, the same end state.
    for (const window of [2, 1000]) {
      mailchimp.members.clear();
      for (const [key, member] of before) mailchimp.members.set(key, structuredClone(member));
      const id = t.ctx.newId();
      t.clock.advance(1000);
      await nlQueries.insertReconciliation(t.database.db, {
        id,
        status: "running",
        startedAt: t.clock.now(),
        heartbeatAt: t.clock.now(),
      });
      const requestsBefore = mailchimp.requests.length;
      await reconcile(t.ctx, id, { window });
      batches.push(
        mailchimp.requests.slice(requestsBefore).filter((r) => r === `POST /3.0/lists/${mailchimp.listId}`).length,
      );
      const row = await nlQueries.latestReconciliation(t.database.db);
      expect(row).toMatchObject({ id, status: "done", total: 10, done: 10, differed: 3, failed: 0 });
      endStates.push([...mailchimp.members.entries()].sort(([a], [b]) => a.localeCompare(b)));
    }
    expect(endStates[0]).toEqual(endStates[1]);
    // A window holds at most two of the three, so windows of 2 send at least two batches; one window sends one.
    expect(batches[0]).toBeGreaterThanOrEqual(2);
    expect(batches[1]).toBe(1);
    expect(mailchimp.member(renamed.email)!.merge_fields.FNAME).toBe(renamed.firstname);
    expect(mailchimp.member(regrouped.email)!.interests["int-culture"]).toBe(true);
    expect(mailchimp.member(missing.email)!.status).toBe("subscribed");
    expect(mailchimp.member(agreeing.email)!.status).toBe("subscribed");
    expect(mailchimp.member(retiredGroup.email)!.interests).toEqual({ "int-culture": true, "int-politics": false });
    expect(mailchimp.member(never.email)).toBeUndefined();
    expect(mailchimp.member(bounced.email)).toBeUndefined();
  });
});

describe("membership tags", () => {
  const tagsCalls = () => mailchimp.requests.filter((r) => r.startsWith("POST ") && r.endsWith("/tags")).length;
  const hour = 3_600_000;

  async function subscribedMember(dateAdded: Date, dateExpires: Date | null) {
    const contact = await makeContact(t.database.db, { password: null, roles: ["member"] });
    await t.database.db
      .update(contactRoles)
      .set({ dateAdded, dateExpires })
      .where(and(eq(contactRoles.contactId, contact.id), eq(contactRoles.role, "member")));
    await setProfile(contact.id, { newsletterStatus: "subscribed" });
    return contact;
  }

  async function reconcileOnce() {
    t.clock.advance(1000);
    const id = t.ctx.newId();
    await nlQueries.insertReconciliation(t.database.db, {
      id,
      status: "running",
      startedAt: t.clock.now(),
      heartbeatAt: t.clock.now(),
    });
    const calls = tagsCalls();
    await reconcile(t.ctx, id);
    return { row: await nlQueries.latestReconciliation(t.database.db), tagsCalls: tagsCalls() - calls };
  }

  it("takes away a membership tag left behind, so the next reconciliation finds nothing to send", async () => {
    await connect();
    const now = t.clock.now().getTime();
    const lapsed = await subscribedMember(new Date(now - 48 * hour), new Date(now - 24 * hour));
    const roleRemoved = await subscribedMember(new Date(now - 48 * hour), null);
    const renewed = await subscribedMember(new Date(now - 48 * hour), null);
    const current = await subscribedMember(new Date(now - 48 * hour), null);
    await drain();
    // Mailchimp's copies as a batch that adds tags but takes none away leaves them.
    mailchimp.member(lapsed.email)!.tags = ["Active member"];
    mailchimp.member(renewed.email)!.tags = ["Lapsed member", "Active member"];
    mailchimp.member(current.email)!.tags = ["Active member", "Newsroom's own"];
    await t.database.db.delete(contactRoles).where(eq(contactRoles.contactId, roleRemoved.id));
    // Only the reconciliation may find the differences.
    await t.database.db.execute(sql`UPDATE newsletter_sync SET synced_version = version`);

    const first = await reconcileOnce();
    expect(first.row).toMatchObject({ status: "done", differed: 3, failed: 0 });
    // One call per member carrying a tag it should not: not one per member sent or on the list.
    expect(first.tagsCalls).toBe(3);
    expect(mailchimp.member(lapsed.email)!.tags).toEqual(["Lapsed member"]);
    expect(mailchimp.member(roleRemoved.email)!.tags).toEqual([]);
    expect(mailchimp.member(renewed.email)!.tags).toEqual(["Active member"]);
    expect(mailchimp.member(current.email)!.tags).toEqual(["Active member", "Newsroom's own"]);

    const second = await reconcileOnce();
    expect(second.row).toMatchObject({ status: "done", differed: 0, failed: 0 });
    expect(second.tagsCalls).toBe(0);
    expect(mailchimp.member(lapsed.email)!.tags).toEqual(["Lapsed member"]);
    expect(mailchimp.member(roleRemoved.email)!.tags).toEqual([]);
  });

  it("takes a tag left behind away in the ordinary sync too", async () => {
    await connect();
    const now = t.clock.now().getTime();
    const lapsed = await subscribedMember(new Date(now - 48 * hour), new Date(now - 24 * hour));
    await drain();
    mailchimp.member(lapsed.email)!.tags = ["Active member", "Lapsed member"];
    await t.database.db.update(contacts).set({ firstname: "Renamed" }).where(eq(contacts.id, lapsed.id));
    await drain();
    expect(mailchimp.member(lapsed.email)).toMatchObject({
      merge_fields: { FNAME: "Renamed" },
      tags: ["Lapsed member"],
    });
  });

  it("compares the membership in the database as membershipAt has it, at its edges too", async () => {
    await connect();
    const now = t.clock.now();
    const at = (offset: number) => new Date(now.getTime() + offset);
    const cases = [
      await subscribedMember(at(-48 * hour), at(-24 * hour)), // lapsed
      await subscribedMember(at(24 * hour), null), // not started yet
      await subscribedMember(at(24 * hour), at(48 * hour)), // not started yet, with an end
      await subscribedMember(at(-48 * hour), at(24 * hour)), // active, ends later
      await subscribedMember(at(-48 * hour), now), // ends this very moment: active to the end
      await subscribedMember(now, null), // starts this very moment
      await subscribedMember(at(-48 * hour), null), // active, no end
    ];
    const plain = await makeContact(t.database.db, { password: null });
    await setProfile(plain.id, { newsletterStatus: "subscribed" });
    const ids = [...cases.map((each) => each.id), plain.id];
    // Mailchimp has none of them, so every one comes back with the membership the database computed.
    const window = await nlQueries.findReconcileWindow(t.database.db, t.ctx.newId(), null, 1000, now, []);
    const computed = new Map(window.differing.map((member) => [member.email, member.membership]));
    const states = await nlQueries.findStates(t.database.db, ids);
    expect(states).toHaveLength(ids.length);
    const byDatabase = states.map((state) => [state.email, computed.get(state.email)]);
    expect(byDatabase).toEqual(states.map((state) => [state.email, membershipAt(state, now).membership]));
    expect(new Set(states.map((state) => membershipAt(state, now).membership))).toEqual(
      new Set(["active", "lapsed", "none"]),
    );
  });
});

describe("callout opt-ins", () => {
  it("makes a confirmed guest pending at the provider, and a member who ticks it subscribed", async () => {
    await connect();
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest" });
    const newsletter = { optIn: true, groups: ["int-culture"] };
    const guest = { firstname: "Sam", lastname: "Guest", email: "sam.guest@example.org" };
    expect((await respond(t.app, callout.id, { answers: defaultAnswers(), guest, newsletter })).statusCode).toBe(200);
    const [email] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, guest.email), eq(emailOutbox.templateId, "confirm-callout-response")))
      .orderBy(asc(emailOutbox.createdAt));
    const link = email!.mergeFields.CONFIRMLINK!;
    const token = link.slice(link.lastIndexOf("/") + 1);
    expect((await call(t.app, "POST", "/callout/responses/confirm", { body: { token } })).statusCode).toBe(200);
    await drain();
    expect(mailchimp.member(guest.email)).toMatchObject({ status: "pending", interests: { "int-culture": true } });

    const own = await respond(
      t.app,
      callout.id,
      { answers: defaultAnswers(), newsletter: { optIn: true, groups: ["int-politics"] } },
      { cookie: memberCookie },
    );
    expect(own.statusCode).toBe(200);
    await drain();
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, memberId));
    expect(mailchimp.member(row!.email)).toMatchObject({ status: "subscribed", interests: { "int-politics": true } });
  });
});
