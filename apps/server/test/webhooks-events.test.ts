import { and, asc, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ONE_DAY, ONE_HOUR } from "@cohort/common/time";
import {
  contactRoles,
  contacts,
  emailOutbox,
  jobs,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../src/db/schema/index.js";
import { createJobRunner } from "../src/jobs/runner.js";
import { updateJoinContent } from "../src/modules/content/service.js";
import { upsertAdmin } from "../src/modules/setup/service.js";
import { extendMembership } from "../src/modules/roles/service.js";
import { DELIVER_JOB, deliverJobKey } from "../src/modules/webhooks/events.js";
import { webhookRetentionJob, webhookTimeEventsJob } from "../src/modules/webhooks/time-events.js";
import { defaultAnswers, loginAs, makeCallout, respond } from "./helpers/callout-factory.js";
import { untilAnotherWaitsForALock } from "./helpers/blocked.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

/**
 * Where webhook events come from (decision 076): every way a contact is made,
 * bulk changes one event per contact in one statement, memberships staff give
 * or take, and time passing — hours the servers missed included — and how
 * long sent events are kept. Read from the event outbox; sending is
 * `webhooks-out.test.ts`'s.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await updateJoinContent(t.ctx, { showNoContribution: true });
  admin = await loginAs(t.app, await makeContact(t.database.db, { email: "events@admin.test", roles: ["admin"] }));
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(webhookEndpoints);
  await t.database.db.delete(webhookEvents);
  await t.database.db.delete(jobs);
  t.clock.advance(1000);
});

async function subscribe(events: string[]): Promise<string> {
  const response = await call(t.app, "POST", "/webhook-endpoint", {
    cookie: admin,
    body: { url: "https://example.com/hook", events },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

/** The events written, oldest first, as `[type, data]`. */
async function events(type?: string) {
  const rows = await t.database.db
    .select({ type: webhookEvents.type, data: webhookEvents.data })
    .from(webhookEvents)
    .where(type ? eq(webhookEvents.type, type) : undefined)
    .orderBy(asc(webhookEvents.createdAt), asc(webhookEvents.id));
  return rows;
}

const queuedDeliveries = async () => (await t.database.db.select().from(jobs).where(eq(jobs.kind, DELIVER_JOB))).length;

/** Runs `action` while the database refuses to write any webhook event. */
async function refusingEvents<T>(action: () => Promise<T>): Promise<T> {
  const db = t.database.db;
  await db.execute(
    sql.raw(
      `CREATE FUNCTION refuse_event() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`,
    ),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER refuse_event BEFORE INSERT ON webhook_events FOR EACH ROW EXECUTE FUNCTION refuse_event()`),
  );
  try {
    return await action();
  } finally {
    await db.execute(sql.raw(`DROP TRIGGER refuse_event ON webhook_events`));
    await db.execute(sql.raw(`DROP FUNCTION refuse_event()`));
  }
}

describe("contact.created", () => {
  it("is sent for a contact an admin or a key makes, an import makes and a join makes", async () => {
    await subscribe(["contact.created"]);
    const made = await call(t.app, "POST", "/contact", {
      cookie: admin,
      body: { email: "made@example.org", firstname: "Made", lastname: "ByAdmin" },
    });
    expect(made.statusCode, made.body).toBe(200);
    const superadmin = await loginAs(t.app, await makeContact(t.database.db, { roles: ["superadmin"] }));
    const key = await call(t.app, "POST", "/api-key", {
      cookie: superadmin,
      body: { description: "CRM", currentPassword: PASSWORD },
    });
    const byKey = await call(t.app, "POST", "/contact", {
      headers: { authorization: `Bearer ${key.json<{ token: string }>().token}` },
      body: { email: "by-key@example.org" },
    });
    expect(byKey.statusCode, byKey.body).toBe(200);

    const rows = [1, 2, 3].map((n) => ({ email: `imported${n}@example.org`, firstname: `Ima${n}` }));
    const imported = await call(t.app, "POST", "/contact/import", { cookie: admin, body: { rows } });
    expect(imported.statusCode, imported.body).toBe(200);

    const joining = "joiner@example.org";
    const urls = {
      loginUrl: "http://localhost:3000/auth/login",
      setPasswordUrl: "http://localhost:3000/auth/set-password",
      confirmUrl: "http://localhost:3000/join/confirm-email",
    };
    expect(
      (await call(t.app, "POST", "/signup", { body: { email: joining, password: PASSWORD, ...urls } })).statusCode,
    ).toBe(204);
    const [email] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, joining));
    const joinFlowId = (email?.mergeFields.CONFIRMLINK ?? "").slice(urls.confirmUrl.length + 1);
    const confirmed = await call(t.app, "POST", "/signup/confirm-email", { body: { joinFlowId } });
    expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);

    const created = (await events("contact.created")).map(({ data }) => data.email as string);
    // The three of one import happened together: their order among themselves is not kept.
    expect([created[0], created[1], created.slice(2, 5).toSorted(), created[5]]).toEqual([
      "made@example.org",
      "by-key@example.org",
      ["imported1@example.org", "imported2@example.org", "imported3@example.org"],
      joining,
    ]);
    const [first] = await events("contact.created");
    expect(first!.data).toEqual({
      id: made.json<{ id: string }>().id,
      email: "made@example.org",
      firstname: "Made",
      lastname: "ByAdmin",
      joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(await queuedDeliveries()).toBe(6);
  });

  it("is sent once for a guest whose answer, once confirmed, makes a contact", async () => {
    await subscribe(["contact.created"]);
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest" });
    const guest = { firstname: "Gail", lastname: "Guest", email: "gail.guest@example.org" };
    await respond(t.app, callout.id, { answers: defaultAnswers(), guest });
    expect(await events()).toEqual([]);
    const [email] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, guest.email));
    const link = email?.mergeFields.CONFIRMLINK ?? "";
    const token = link.slice(link.lastIndexOf("/") + 1);
    for (let time = 0; time < 2; time++) {
      const confirmed = await call(t.app, "POST", "/callout/responses/confirm", { body: { token } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    expect((await events("contact.created")).map(({ data }) => [data.email, data.firstname])).toEqual([
      [guest.email, "Gail"],
    ]);
  });

  it("is written with the guest's contact: a confirmation that fails before telling of it makes none", async () => {
    await subscribe(["contact.created"]);
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest" });
    const guest = { firstname: "Gil", lastname: "Guest", email: "gil.guest@example.org" };
    await respond(t.app, callout.id, { answers: defaultAnswers(), guest });
    const [email] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, guest.email));
    const link = email?.mergeFields.CONFIRMLINK ?? "";
    const confirm = () =>
      call(t.app, "POST", "/callout/responses/confirm", { body: { token: link.slice(link.lastIndexOf("/") + 1) } });
    // The event cannot be written: the first confirmation fails part way.
    expect((await refusingEvents(confirm)).statusCode).toBe(500);
    expect(await t.database.db.select().from(contacts).where(eq(contacts.email, guest.email))).toEqual([]);

    const confirmed = await confirm();
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await events("contact.created")).map(({ data }) => data.email)).toEqual([guest.email]);
  });

  it("is written with an admin the command line makes: a run that fails before telling of it makes none", async () => {
    await subscribe(["contact.created"]);
    const input = { email: "cli.admin@example.org", password: PASSWORD, role: "admin" as const };
    await expect(refusingEvents(() => upsertAdmin(t.ctx, input))).rejects.toThrow();
    expect(await t.database.db.select().from(contacts).where(eq(contacts.email, input.email))).toEqual([]);
    expect(await upsertAdmin(t.ctx, input)).toMatchObject({ created: true });
    expect((await events("contact.created")).map(({ data }) => data.email)).toEqual([input.email]);
  });
});

describe("bulk changes", () => {
  it("tell of each contact changed or deleted, each with its delivery and job", async () => {
    await subscribe(["contact.updated", "contact.deleted"]);
    const people = await Promise.all(
      [1, 2, 3].map((n) => makeContact(t.database.db, { lastname: "Bulkwise", email: `bulk${n}@example.org` })),
    );
    const tag = await call(t.app, "POST", "/contact-tags", { cookie: admin, body: { name: "Bulk friends" } });
    const rules = { condition: "AND", rules: [{ field: "lastname", operator: "equal", value: ["Bulkwise"] }] };
    const changed = await call(t.app, "PATCH", "/contact", {
      cookie: admin,
      body: { rules, updates: { tags: [`+${tag.json<{ id: string }>().id}`] } },
    });
    expect(changed.json()).toEqual({ affected: 3 });
    const updated = await events("contact.updated");
    expect(updated.map(({ data }) => data.id).toSorted()).toEqual(people.map(({ id }) => id).toSorted());
    expect(updated.find(({ data }) => data.id === people[0]!.id)!.data).toMatchObject({
      email: "bulk1@example.org",
      lastname: "Bulkwise",
      joined: people[0]!.joined.toISOString(),
    });
    // Each event has its delivery and its job, keyed as a single event's are.
    const delivered = await t.database.db.select().from(webhookDeliveries);
    expect(delivered).toHaveLength(3);
    const keys = (await t.database.db.select({ key: jobs.key }).from(jobs)).map(({ key }) => key);
    expect(keys.toSorted()).toEqual(delivered.map(({ id }) => `${DELIVER_JOB}:${id}:0`).toSorted());

    const deleted = await call(t.app, "DELETE", "/contact", { cookie: admin, body: { rules } });
    expect(deleted.json()).toMatchObject({ deleted: 3 });
    const gone = await events("contact.deleted");
    expect(gone.map(({ data }) => data).toSorted((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual(
      people.map(({ id }) => ({ id })).toSorted((a, b) => a.id.localeCompare(b.id)),
    );
    expect(await queuedDeliveries()).toBe(6);
  });

  it("cost nothing when nobody listens", async () => {
    await makeContact(t.database.db, { lastname: "Unheard" });
    const rules = { condition: "AND", rules: [{ field: "lastname", operator: "equal", value: ["Unheard"] }] };
    expect((await call(t.app, "DELETE", "/contact", { cookie: admin, body: { rules } })).statusCode).toBe(200);
    expect(await events()).toEqual([]);
  });
});

describe("memberships staff give and take", () => {
  it("start and end as a contribution's do, once each", async () => {
    await subscribe(["membership.started", "membership.ended"]);
    const person = await makeContact(t.database.db, { roles: [] });
    const now = t.clock.now();
    const given = await call(t.app, "PUT", `/contact/${person.id}/role/member`, {
      cookie: admin,
      body: { dateAdded: now.toISOString(), dateExpires: null },
    });
    expect(given.statusCode, given.body).toBe(200);
    // Moving its dates while it holds starts nothing new.
    await call(t.app, "PUT", `/contact/${person.id}/role/member`, {
      cookie: admin,
      body: { dateAdded: now.toISOString(), dateExpires: new Date(now.getTime() + 30 * ONE_DAY).toISOString() },
    });
    expect((await call(t.app, "DELETE", `/contact/${person.id}/role/member`, { cookie: admin })).statusCode).toBe(204);
    expect((await events()).map(({ type, data }) => [type, data.contactId])).toEqual([
      ["membership.started", person.id],
      ["membership.ended", person.id],
    ]);
  });

  it("set to start later or to end now are told when the date passes, or at once, never twice", async () => {
    await subscribe(["membership.started", "membership.ended"]);
    const later = await makeContact(t.database.db, { roles: [] });
    const ending = await makeContact(t.database.db, { roles: ["member"] });
    const now = t.clock.now();
    const inTwoHours = new Date(now.getTime() + 2 * ONE_HOUR);
    await call(t.app, "PUT", `/contact/${later.id}/role/member`, {
      cookie: admin,
      body: { dateAdded: inTwoHours.toISOString() },
    });
    // Ended by staff a moment ago: told at once, and the hourly job does not tell it again.
    const ended = await call(t.app, "PUT", `/contact/${ending.id}/role/member`, {
      cookie: admin,
      body: {
        dateAdded: new Date(now.getTime() - ONE_DAY).toISOString(),
        dateExpires: new Date(now.getTime() - 1000).toISOString(),
      },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await events()).map(({ type, data }) => [type, data.contactId])).toEqual([["membership.ended", ending.id]]);

    t.clock.advance(3 * ONE_HOUR);
    await createJobRunner(t.ctx, [webhookTimeEventsJob]).runDue();
    expect((await events()).map(({ type, data }) => [type, data.contactId])).toEqual([
      ["membership.ended", ending.id],
      ["membership.started", later.id],
    ]);
  });
});

describe("memberships staff move while they run", () => {
  it("are not told again by the hourly job when a moved date lies in an hour it looks at", async () => {
    await subscribe(["membership.started", "membership.ended"]);
    const runner = () => createJobRunner(t.ctx, [webhookTimeEventsJob]).runDue();
    await runner();
    const person = await makeContact(t.database.db, { roles: [] });
    const now = t.clock.now();
    await t.database.db.insert(contactRoles).values({
      contactId: person.id,
      role: "member",
      dateAdded: new Date(now.getTime() - 30 * ONE_DAY),
      dateExpires: null,
    });
    // The member joined on paper a moment ago, staff say: still a member before and after.
    const moved = await call(t.app, "PUT", `/contact/${person.id}/role/member`, {
      cookie: admin,
      body: { dateAdded: new Date(now.getTime() - 60_000).toISOString() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    t.clock.advance(2 * ONE_HOUR);
    await runner();
    expect(await events()).toEqual([]);
  });
});

describe("a membership two payments start at the same moment", () => {
  it("is told once", async () => {
    await subscribe(["membership.started"]);
    const person = await makeContact(t.database.db, { roles: [] });
    const now = t.clock.now();
    const until = new Date(now.getTime() + 30 * ONE_DAY);
    let second: Promise<void> | undefined;
    await t.database.db.transaction(async (tx) => {
      await extendMembership(tx, person.id, until, now);
      // The other payment's transaction starts before this one commits.
      second = t.database.db.transaction((other) => extendMembership(other, person.id, until, now));
      await untilAnotherWaitsForALock(t.database, tx);
    });
    await second;
    expect((await events()).map(({ type, data }) => [type, data.contactId])).toEqual([
      ["membership.started", person.id],
    ]);
  });
});

describe("memberships an import starts or ends", () => {
  it("are told as staff's are, once per contact", async () => {
    await subscribe(["membership.started", "membership.ended"]);
    const leaving = await makeContact(t.database.db, { roles: ["member"], email: "leaving@import.example.org" });
    const now = t.clock.now();
    const rows = [
      { email: "joining@import.example.org", membershipStarts: new Date(now.getTime() - ONE_DAY).toISOString() },
      {
        email: "leaving@import.example.org",
        membershipStarts: new Date(now.getTime() - 30 * ONE_DAY).toISOString(),
        membershipExpires: new Date(now.getTime() - ONE_DAY).toISOString(),
      },
      { email: "later@import.example.org", membershipStarts: new Date(now.getTime() + ONE_DAY).toISOString() },
    ];
    const imported = await call(t.app, "POST", "/contact/import", { cookie: admin, body: { rows } });
    expect(imported.statusCode, imported.body).toBe(200);
    const [joining] = await t.database.db
      .select({ contactId: contactRoles.contactId })
      .from(contactRoles)
      .where(eq(contactRoles.dateAdded, new Date(rows[0]!.membershipStarts)));
    expect((await events()).map(({ type, data }) => [type, data])).toEqual([
      [
        "membership.started",
        { contactId: joining!.contactId, dateAdded: rows[0]!.membershipStarts, dateExpires: null },
      ],
      ["membership.ended", { contactId: leaving.id, dateExpires: rows[1]!.membershipExpires }],
    ]);
  });
});

describe("the hourly job", () => {
  it("looks again at the hours the servers were down for", async () => {
    await subscribe(["membership.ended"]);
    const runner = () => createJobRunner(t.ctx, [webhookTimeEventsJob]).runDue();
    await runner();
    const hourStart = Math.floor(t.clock.now().getTime() / ONE_HOUR) * ONE_HOUR;
    // Three memberships end in the next three hours, while no server runs.
    const people = await Promise.all([1, 2, 3].map(() => makeContact(t.database.db, { roles: [] })));
    for (const [index, person] of people.entries()) {
      await t.database.db.insert(contactRoles).values({
        contactId: person.id,
        role: "member",
        dateAdded: new Date(hourStart - 30 * ONE_DAY),
        dateExpires: new Date(hourStart + (index + 1) * ONE_HOUR + 60_000),
      });
    }
    t.clock.advance(5 * ONE_HOUR);
    await runner();
    expect((await events("membership.ended")).map(({ data }) => data.contactId)).toEqual(people.map(({ id }) => id));
    // The next hour tells nothing again.
    t.clock.advance(ONE_HOUR);
    await runner();
    expect(await events("membership.ended")).toHaveLength(3);
  });
});

describe("the delivery log", () => {
  it("is newest first, or oldest first with order=ASC", async () => {
    const endpointId = await subscribe(["contact.created"]);
    for (const name of ["first", "second"]) {
      await call(t.app, "POST", "/contact", { cookie: admin, body: { email: `${name}@order.example.org` } });
      t.clock.advance(1000);
    }
    const [second, first] = (await events()).toReversed().map(({ data }) => data.email as string);
    expect([first, second]).toEqual(["first@order.example.org", "second@order.example.org"]);
    const listed = async (query: string) => {
      const response = await call(t.app, "GET", `/webhook-endpoint/${endpointId}/delivery${query}`, { cookie: admin });
      expect(response.statusCode, response.body).toBe(200);
      const ids = response.json<{ items: { eventId: string }[] }>().items.map(({ eventId }) => eventId);
      const rows = await t.database.db.select().from(webhookEvents);
      return ids.map((id) => rows.find((row) => row.id === id)!.data.email);
    };
    expect(await listed("")).toEqual(["second@order.example.org", "first@order.example.org"]);
    expect(await listed("?order=DESC")).toEqual(["second@order.example.org", "first@order.example.org"]);
    expect(await listed("?order=ASC")).toEqual(["first@order.example.org", "second@order.example.org"]);
  });
});

describe("keeping events", () => {
  it("removes sent and failed events after WEBHOOK_RETENTION_DAYS, and keeps those still waiting", async () => {
    const endpointId = await subscribe(["contact.created"]);
    for (const name of ["sent", "failed", "waiting"]) {
      await call(t.app, "POST", "/contact", { cookie: admin, body: { email: `${name}@keep.example.org` } });
    }
    const byEmail = async (address: string) =>
      (await t.database.db.select().from(webhookEvents)).find(({ data }) => data.email === address)!.id;
    await t.database.db
      .update(webhookDeliveries)
      .set({ status: "succeeded" })
      .where(eq(webhookDeliveries.eventId, await byEmail("sent@keep.example.org")));
    await t.database.db
      .update(webhookDeliveries)
      .set({ status: "failed" })
      .where(eq(webhookDeliveries.eventId, await byEmail("failed@keep.example.org")));
    const waiting = await byEmail("waiting@keep.example.org");
    const [waitingDelivery] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, waiting));
    await t.database.db
      .update(jobs)
      .set({ doneAt: t.clock.now() })
      .where(and(eq(jobs.kind, DELIVER_JOB), ne(jobs.key, deliverJobKey(waitingDelivery!.id, 0))));

    const prune = () => createJobRunner(t.ctx, [webhookRetentionJob]).runDue();
    t.clock.advance(29 * ONE_DAY);
    await prune();
    expect(await t.database.db.select().from(webhookEvents)).toHaveLength(3);

    t.clock.advance(2 * ONE_DAY);
    await prune();
    expect((await events()).map(({ data }) => data.email)).toEqual(["waiting@keep.example.org"]);
    expect(
      (await t.database.db.select().from(webhookDeliveries)).map(({ endpointId: id, status }) => [id, status]),
    ).toEqual([[endpointId, "pending"]]);
    // The waiting delivery keeps its job; the others' went with them.
    expect(await queuedDeliveries()).toBe(1);
  });

  it("gives up on a delivery whose job failed every try, so its event goes too", async () => {
    // A month has passed in this file's clock: a fresh session.
    admin = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] }));
    await subscribe(["contact.created"]);
    await call(t.app, "POST", "/contact", { cookie: admin, body: { email: "stuck@keep.example.org" } });
    // Every try threw before the delivery could record an answer.
    await t.database.db
      .update(jobs)
      .set({ attempts: sql`${jobs.maxAttempts}`, lastError: "boom" })
      .where(eq(jobs.kind, DELIVER_JOB));
    t.clock.advance(31 * ONE_DAY);
    await createJobRunner(t.ctx, [webhookRetentionJob]).runDue();
    expect(await events()).toEqual([]);
    expect(await t.database.db.select().from(webhookDeliveries)).toEqual([]);
  });
});
