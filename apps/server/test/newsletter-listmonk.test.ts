import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createOutgoing, OutgoingAllowList, type OutgoingRequest } from "../src/lib/outgoing.js";
import { ListmonkProvider } from "../src/providers/newsletter/index.js";
import { startListmonkStandIn, type ListmonkStandIn } from "@cohort/stand-ins/listmonk";
import { contactProfiles, contacts } from "../src/db/schema/index.js";
import { pullNewsletterChanges, syncDueContacts } from "../src/modules/newsletter/sync.js";
import { startNewsletterReconciliation } from "../src/modules/newsletter/service.js";
import * as nlQueries from "../src/modules/newsletter/queries.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let listmonk: ListmonkStandIn;
let superadminCookie: string;

async function drain(): Promise<void> {
  while ((await syncDueContacts(t.ctx)) > 0) {
    // until nothing is due
  }
}

beforeAll(async () => {
  // The stand-in's times come from the test's clock, so the pull's "changed since" agrees with it.
  const clock: { now?: () => Date } = {};
  listmonk = await startListmonkStandIn({ now: () => (clock.now ? clock.now() : new Date()) });
  // listmonk's address is one an admin sets: loopback must be allowed by the operator (decision 054).
  t = await createTestApp({ OUTGOING_ALLOW: "127.0.0.1" });
  clock.now = t.clock.now;
  const superadmin = await makeContact(t.database.db, { roles: ["superadmin", "admin"] });
  superadminCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: superadmin.email, password: PASSWORD } }),
  );
});
afterAll(async () => {
  await t.close();
  await listmonk.close();
});

/** The provider on the stand-in's list 1, without groups, through the guarded client's `request`. */
function providerOnStandIn(request: OutgoingRequest): ListmonkProvider {
  const connection = {
    provider: "listmonk" as const,
    apiKey: listmonk.apiKey,
    apiUrl: listmonk.url,
    listId: "1",
    groups: [],
    activeMemberTag: "Active member",
    lapsedMemberTag: "Lapsed member",
  };
  return new ListmonkProvider(connection, request);
}

async function setProfile(id: string, changes: Partial<typeof contactProfiles.$inferInsert>) {
  await t.database.db.update(contactProfiles).set(changes).where(eq(contactProfiles.contactId, id));
}

describe("listmonk", () => {
  it("refuses a listmonk address the operator has not allowed, and names a wrong key or list", async () => {
    const settings = (body: object) => call(t.app, "PATCH", "/newsletter/settings", { cookie: superadminCookie, body });
    const test = async () =>
      (await call(t.app, "POST", "/newsletter/settings/test", { cookie: superadminCookie })).json();
    expect(
      (await settings({ provider: "listmonk", apiUrl: listmonk.url, apiKey: "cohort:wrong", listId: "1" })).statusCode,
    ).toBe(200);
    expect(await test()).toEqual({ ok: false, problem: "key" });
    await settings({ apiKey: listmonk.apiKey, listId: "9" });
    expect(await test()).toEqual({ ok: false, problem: "list" });
    expect((await settings({ listId: "first" })).statusCode).toBe(400);
    await settings({ listId: "1" });
    const groups = await call(t.app, "PATCH", "/content/join/setup", {
      cookie: superadminCookie,
      body: {
        newsletterGroups: [
          { id: "2", label: "Culture", checked: false },
          { id: "3", label: "Politics", checked: false },
        ],
      },
    });
    expect(groups.statusCode).toBe(200);
    expect(await test()).toEqual({ ok: true, listName: "Harbour Post newsletter" });

    // Without the operator's exception, the guarded client does not reach a loopback address.
    const guarded = createOutgoing(new OutgoingAllowList([]));
    const unallowed = providerOnStandIn(guarded.request);
    expect(await unallowed.test()).toEqual({ ok: false, problem: "unreachable" });
    const requestsBefore = listmonk.requests.length;
    await expect(
      unallowed.upsert(
        { email: "a@example.org", firstname: "", lastname: "", status: "subscribed", groups: [], membership: "none" },
        null,
      ),
    ).rejects.toThrow(/OUTGOING_ALLOW/);
    expect(listmonk.requests.length).toBe(requestsBefore);
    await guarded.close();
  });

  it("sends subscribers with their groups and membership, and follows unsubscribing and deletion", async () => {
    const reader = await makeContact(t.database.db, { roles: ["member"], firstname: "Ada", lastname: "Lovelace" });
    await setProfile(reader.id, { newsletterStatus: "subscribed", newsletterGroups: ["3"] });
    await drain();
    const there = listmonk.subscriber(reader.email);
    expect(there).toMatchObject({ name: "Ada Lovelace", status: "enabled" });
    expect([...there!.lists]).toEqual([
      [1, "confirmed"],
      [3, "confirmed"],
    ]);
    expect(there!.attribs).toMatchObject({ cohort: { membership: "active" } });

    await setProfile(reader.id, { newsletterStatus: "unsubscribed" });
    await drain();
    expect(listmonk.subscriber(reader.email)!.lists.get(1)).toBe("unsubscribed");

    await setProfile(reader.id, { newsletterStatus: "subscribed" });
    await drain();
    expect(listmonk.subscriber(reader.email)!.lists.get(1)).toBe("confirmed");

    await t.database.db.delete(contacts).where(eq(contacts.id, reader.id));
    await drain();
    expect(listmonk.subscriber(reader.email)).toBeUndefined();
  });

  it("pulls an unsubscription made in listmonk, and ignores addresses Cohort does not know", async () => {
    const reader = await makeContact(t.database.db);
    await setProfile(reader.id, { newsletterStatus: "subscribed" });
    await drain();
    t.clock.advance(1000);
    await pullNewsletterChanges(t.ctx);
    t.clock.advance(1000);
    listmonk.unsubscribe(reader.email);
    listmonk.subscribers.set(999, {
      id: 999,
      email: "stranger@example.org",
      name: "Stranger",
      status: "enabled",
      attribs: {},
      lists: new Map([[1, "confirmed"]]),
      updatedAt: t.clock.now(),
    });
    t.clock.advance(1000);
    expect(await pullNewsletterChanges(t.ctx)).toBe(1);
    const [profile] = await t.database.db
      .select()
      .from(contactProfiles)
      .where(eq(contactProfiles.contactId, reader.id));
    expect(profile!.newsletterStatus).toBe("unsubscribed");
    expect(await nlQueries.findContactIdByEmail(t.database.db, "stranger@example.org")).toBeNull();
    listmonk.subscribers.delete(999);
  });

  it("reconciles with listmonk's bulk operations, a few calls whatever the number of contacts", async () => {
    const missing = await makeContact(t.database.db, { firstname: "Grace", lastname: "Hopper" });
    await setProfile(missing.id, { newsletterStatus: "subscribed", newsletterGroups: ["2"] });
    const pending = await makeContact(t.database.db);
    await setProfile(pending.id, { newsletterStatus: "pending" });
    const leaving = await makeContact(t.database.db);
    await setProfile(leaving.id, { newsletterStatus: "unsubscribed", newsletterGroups: ["3"] });
    const cleaned = await makeContact(t.database.db);
    await setProfile(cleaned.id, { newsletterStatus: "subscribed" });
    await drain();
    // listmonk's copies drift: a group too many, a name changed there, an address it bounced.
    listmonk.subscriber(missing.email)?.lists.set(3, "confirmed");
    await setProfile(cleaned.id, { newsletterStatus: "cleaned" });
    await t.database.db.execute(
      // Marks dropped: only the reconciliation can find the differences.
      sql`UPDATE newsletter_sync SET synced_version = version`,
    );
    listmonk.subscribers.delete(listmonk.subscriber(missing.email)!.id);
    listmonk.subscriber(leaving.email)!.attribs = { cohort: { firstname: "Someone", lastname: "Else" } };
    listmonk.requests.length = 0;
    t.clock.advance(1000);
    const { finished } = await startNewsletterReconciliation(t.ctx);
    await finished;
    expect(await nlQueries.latestReconciliation(t.database.db)).toMatchObject({ status: "done", failed: 0 });
    // No call per subscriber: searches, one import, one blocklisting and bulk list changes.
    expect(listmonk.requests.filter((request) => /\/api\/subscribers\/\d+$/.test(request))).toEqual([]);
    expect(listmonk.requests.filter((request) => request === "POST /api/import/subscribers")).toHaveLength(1);
    expect(listmonk.requests).toContain("PUT /api/subscribers/blocklist");
    expect(listmonk.imports.at(-1)!.params).toMatchObject({ mode: "subscribe", overwrite: true });
    expect(listmonk.subscriber(missing.email)).toMatchObject({ name: "Grace Hopper", status: "enabled" });
    expect([...listmonk.subscriber(missing.email)!.lists]).toEqual([
      [1, "confirmed"],
      [2, "confirmed"],
    ]);
    expect(listmonk.subscriber(missing.email)!.attribs).toMatchObject({ cohort: { firstname: "Grace" } });
    expect(listmonk.subscriber(pending.email)!.lists.get(1)).toBe("unconfirmed");
    expect(listmonk.subscriber(leaving.email)!.lists.get(1)).toBe("unsubscribed");
    expect(listmonk.subscriber(leaving.email)!.attribs).toMatchObject({ cohort: { firstname: leaving.firstname } });
    expect(listmonk.subscriber(cleaned.email)!.status).toBe("blocklisted");
    // The copies now agree.
    t.clock.advance(1000);
    const again = await startNewsletterReconciliation(t.ctx);
    await again.finished;
    expect(await nlQueries.latestReconciliation(t.database.db)).toMatchObject({ status: "done", differed: 0 });
  });

  it("calls listmonk with nothing per call that only a full collection frees, so a long reconciliation's memory stays flat", async () => {
    // Whatever a finalizer is registered for, or a weak reference points to, survives V8's
    // young-generation collections until a full one: `fetch` made several such per call (its
    // request's controller, its response and their streams, with the body sent), and a
    // reconciliation's calls piled them into the old generation (decision 091).
    const outgoing = createOutgoing(new OutgoingAllowList(["127.0.0.1"]));
    const provider = providerOnStandIn(outgoing.request);
    // The connection is opened first: a socket keeps a weak reference of its own, once.
    await provider.test();
    const madeByTheClient: string[] = [];
    const note = (what: string) => {
      const stack = new Error().stack ?? "";
      // The HTTP client's own (the stand-in here parses the import with Node's copy, which is not counted).
      if (stack.includes("node_modules/undici/")) madeByTheClient.push(what);
    };
    // Put back as it was below, and always called with its registry.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const register = FinalizationRegistry.prototype.register;
    const PlainWeakRef = globalThis.WeakRef;
    FinalizationRegistry.prototype.register = function (this: FinalizationRegistry<unknown>, ...args) {
      note("finalizer");
      return register.apply(this, args);
    };
    globalThis.WeakRef = class<T extends WeakKey> extends PlainWeakRef<T> {
      constructor(target: T) {
        note("weak reference");
        super(target);
      }
    };
    const callsBefore = listmonk.requests.length;
    try {
      const members = ["subscribed", "pending", "unsubscribed"].map((status, index) => ({
        email: `flat.${index}@example.org`,
        firstname: "Flat",
        lastname: "Memory",
        status: status as "subscribed" | "pending" | "unsubscribed",
        groups: [],
        membership: "active" as const,
      }));
      expect(await provider.upsertMany(members)).toEqual({ refused: [] });
    } finally {
      FinalizationRegistry.prototype.register = register;
      globalThis.WeakRef = PlainWeakRef;
      await outgoing.close();
    }
    expect(listmonk.requests.length - callsBefore).toBeGreaterThanOrEqual(6);
    expect(madeByTheClient).toEqual([]);
  });

  it("searches a batch of long addresses in several requests, each short enough for servers to take", async () => {
    const provider = providerOnStandIn(createOutgoing(new OutgoingAllowList(["127.0.0.1"])).request);
    // 70 addresses of 250 characters: one search for all would be an 18 KiB address, which Node refuses (431).
    const members = Array.from({ length: 70 }, (_, index) => ({
      email: `reader.${String(index).padStart(3, "0")}.${"x".repeat(50)}@${"long-subdomain.".repeat(12)}example.org`,
      firstname: "Long",
      lastname: "Address",
      status: "subscribed" as const,
      groups: [],
      membership: "none" as const,
    }));
    listmonk.requests.length = 0;
    expect(await provider.upsertMany(members)).toEqual({ refused: [] });
    for (const member of members) expect(listmonk.subscriber(member.email)?.lists.get(1)).toBe("confirmed");
    const searches = listmonk.requests.filter((request) => request === "GET /api/subscribers");
    // Before the import and after it, each split in four.
    expect(searches.length).toBe(8);
  });
});
