import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, jobs, webhookEndpoints } from "../src/db/schema/index.js";
import { claimJob, createQueueWorker } from "../src/jobs/queue.js";
import { OutgoingAllowList } from "../src/lib/outgoing.js";
import { DELIVER_JOB, emitEvent } from "../src/modules/webhooks/events.js";
import { WEBHOOK_PAUSE_AFTER_MS, WEBHOOK_RETRY_DELAYS_MS, webhookJobs } from "../src/modules/webhooks/delivery.js";
import { createJobRunner } from "../src/jobs/runner.js";
import { upsertRole } from "../src/modules/contacts/queries.js";
import { webhookTimeEventsJob } from "../src/modules/webhooks/time-events.js";
import { loginAs, makeCallout } from "./helpers/callout-factory.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

/**
 * Signed webhooks out (decision 069): Standard Webhooks signatures, retries
 * through the persistent queue, the order of events, one success however many
 * workers and restarts, and the outgoing address guard. The receiver is a
 * local server; the tests allow loopback explicitly through configuration.
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let admin: string;
let receiver: Server;
let base: string;
let received: Received[] = [];
/** What the receiver answers next: a status, and a redirect target for 3xx. */
let answer: (request: Received) => { status: number; location?: string } = () => ({ status: 204 });

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const got = { path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString() };
      received.push(got);
      const { status, location } = answer(got);
      response.writeHead(status, location ? { location } : {});
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://localhost:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ OUTGOING_ALLOW: "127.0.0.1", WEBHOOK_HTTP_HOSTS: "localhost" });
  admin = await loginAs(t.app, await makeContact(t.database.db, { email: "hooks@admin.test", roles: ["admin"] }));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  received = [];
  answer = () => ({ status: 204 });
  await t.database.db.delete(webhookEndpoints);
  await t.database.db.delete(jobs);
});

/** Runs every due delivery, as a server copy's worker does. */
const runDue = (ctx = t.ctx) => createQueueWorker(ctx, webhookJobs).runDue();

async function addEndpoint(body: Record<string, unknown>): Promise<{ id: string; secret: string }> {
  const response = await call(t.app, "POST", "/webhook-endpoint", { cookie: admin, body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; secret: string }>();
}

async function deliveries(endpointId: string) {
  const response = await call(t.app, "GET", `/webhook-endpoint/${endpointId}/delivery`, { cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    items: {
      id: string;
      eventId: string;
      eventType: string;
      status: string;
      attempts: number;
      responseCode: number | null;
      lastError: string | null;
      nextAttemptAt: string | null;
    }[];
  }>().items;
}

const typesReceived = () => received.map((got) => (JSON.parse(got.body) as { type: string }).type);

describe("endpoints", () => {
  it("must be https unless the operator allows http for the host, and never a private address", async () => {
    for (const url of [
      "http://example.com/hook",
      "ftp://example.com/hook",
      "https://user:pw@example.com/",
      "https://[::1]/hook",
      "https://169.254.169.254/",
    ]) {
      const response = await call(t.app, "POST", "/webhook-endpoint", {
        cookie: admin,
        body: { url, events: ["contact.created"] },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ code: string }>().code, url).toBe("invalid-webhook-url");
    }
    await addEndpoint({ url: "https://example.com/hook", events: ["contact.created"] });
    await addEndpoint({ url: `${base}/hook`, events: ["contact.created"] });
  });

  it("show the secret only when made or rotated", async () => {
    const { id, secret } = await addEndpoint({ url: `${base}/hook`, events: ["contact.created"] });
    expect(secret).toMatch(/^whsec_/);
    const list = await call(t.app, "GET", "/webhook-endpoint", { cookie: admin });
    expect(list.body).not.toContain(secret);
    const rotated = await call(t.app, "POST", `/webhook-endpoint/${id}/secret`, { cookie: admin });
    expect(rotated.json<{ secret: string }>().secret).not.toBe(secret);
  });

  it("are pointed somewhere by a person: an API key may read and pause one, not add one, move it or take its secret", async () => {
    const { id, secret } = await addEndpoint({ url: `${base}/hook`, events: ["contact.created"] });
    const made = await call(t.app, "POST", "/api-key", {
      cookie: admin,
      body: { description: "Sync", currentPassword: PASSWORD },
    });
    expect(made.statusCode, made.body).toBe(200);
    const key = { authorization: `Bearer ${made.json<{ token: string }>().token}` };
    const list = await call(t.app, "GET", "/webhook-endpoint", { headers: key });
    expect(list.statusCode, list.body).toBe(200);
    for (const [method, path, body] of [
      ["POST", "/webhook-endpoint", { url: "https://elsewhere.example/hook", events: ["contact.created"] }],
      ["PATCH", `/webhook-endpoint/${id}`, { url: "https://elsewhere.example/hook" }],
      ["PATCH", `/webhook-endpoint/${id}`, { includeAnswers: true }],
      ["POST", `/webhook-endpoint/${id}/secret`, undefined],
    ] as const) {
      const response = await call(t.app, method, path, { headers: key, body });
      expect(response.statusCode, `${method} ${path} ${JSON.stringify(body)}`).toBe(403);
      expect(response.json<{ code: string }>().code).toBe("forbidden");
    }
    const [endpoint] = await t.database.db.select().from(webhookEndpoints);
    expect(endpoint).toMatchObject({ id, url: `${base}/hook`, includeAnswers: false, secret });
    const paused = await call(t.app, "PATCH", `/webhook-endpoint/${id}`, { headers: key, body: { status: "paused" } });
    expect(paused.statusCode, paused.body).toBe(200);
  });
});

describe("delivery", () => {
  it("signs every message as Standard Webhooks verifiers check it, with the rotated secret once rotated", async () => {
    const { id, secret } = await addEndpoint({ url: `${base}/hook`, events: ["contact.created"] });
    expect((await call(t.app, "POST", `/webhook-endpoint/${id}/test`, { cookie: admin })).statusCode).toBe(204);
    await runDue();
    expect(received).toHaveLength(1);
    const [first] = received;
    const payload = new Webhook(secret).verify(first!.body, first!.headers as Record<string, string>);
    expect(payload).toMatchObject({ type: "webhook.test", data: { endpointId: id } });

    const rotated = (await call(t.app, "POST", `/webhook-endpoint/${id}/secret`, { cookie: admin })).json<{
      secret: string;
    }>().secret;
    await call(t.app, "POST", `/webhook-endpoint/${id}/test`, { cookie: admin });
    await runDue();
    const second = received[1]!;
    const headers = second.headers as Record<string, string>;
    expect(() => new Webhook(secret).verify(second.body, headers)).toThrow();
    expect(new Webhook(rotated).verify(second.body, headers)).toMatchObject({ type: "webhook.test" });
  });

  it("retries with growing waits, stops at the first success and sends again on request with the same id", async () => {
    const { id } = await addEndpoint({ url: `${base}/hook`, events: ["contact.created"] });
    answer = () => ({ status: received.length <= 2 ? 500 : 200 });
    await call(t.app, "POST", `/webhook-endpoint/${id}/test`, { cookie: admin });
    await runDue();
    let [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, responseCode: 500 });
    expect(Date.parse(delivery!.nextAttemptAt!) - t.clock.now().getTime()).toBe(WEBHOOK_RETRY_DELAYS_MS[0]);

    await runDue(); // not due yet
    expect(received).toHaveLength(1);
    t.clock.advance(WEBHOOK_RETRY_DELAYS_MS[0]!);
    await runDue();
    [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 2 });
    t.clock.advance(WEBHOOK_RETRY_DELAYS_MS[1]!);
    await runDue();
    [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 3, responseCode: 200, nextAttemptAt: null });
    expect(new Set(received.map((got) => got.headers["webhook-id"])).size).toBe(1);

    t.clock.advance(48 * 3_600_000);
    await runDue();
    expect(received).toHaveLength(3);

    const resend = await call(t.app, "POST", `/webhook-endpoint/${id}/delivery/${delivery!.id}/resend`, {
      cookie: admin,
    });
    expect(resend.statusCode).toBe(204);
    await runDue();
    expect(received).toHaveLength(4);
    expect(received[3]!.headers["webhook-id"]).toBe(delivery!.eventId);
    expect((await deliveries(id))[0]).toMatchObject({ status: "succeeded", attempts: 1 });
  });

  it("gives a delivery up after about a day of failures", async () => {
    const { id } = await addEndpoint({ url: `${base}/hook`, events: ["contact.created"] });
    answer = () => ({ status: 503 });
    await call(t.app, "POST", `/webhook-endpoint/${id}/test`, { cookie: admin });
    await runDue();
    for (const delay of WEBHOOK_RETRY_DELAYS_MS) {
      t.clock.advance(delay);
      await runDue();
    }
    expect(received).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length + 1);
    expect((await deliveries(id))[0]).toMatchObject({ status: "failed", nextAttemptAt: null });
    const total = WEBHOOK_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThan(24 * 3_600_000);
    expect(total).toBeLessThan(30 * 3_600_000);
  });

  it("sends the events of one instant in the order they happened", async () => {
    await addEndpoint({ url: `${base}/hook`, events: ["contact.created", "contact.updated", "contact.deleted"] });
    const created = await call(t.app, "POST", "/contact", {
      cookie: admin,
      body: { email: "ordered@hooks.test", firstname: "Ada", lastname: "Ordered" },
    });
    expect(created.statusCode, created.body).toBe(200);
    const contactId = created.json<{ id: string }>().id;
    for (const firstname of ["Bea", "Cy", "Di"]) {
      const updated = await call(t.app, "PATCH", `/contact/${contactId}`, { cookie: admin, body: { firstname } });
      expect(updated.statusCode, updated.body).toBe(200);
    }
    expect((await call(t.app, "DELETE", `/contact/${contactId}`, { cookie: admin })).statusCode).toBe(204);
    await runDue();
    expect(typesReceived()).toEqual([
      "contact.created",
      "contact.updated",
      "contact.updated",
      "contact.updated",
      "contact.deleted",
    ]);
    const names = received
      .slice(1, 4)
      .map((got) => (JSON.parse(got.body) as { data: { firstname: string } }).data.firstname);
    expect(names).toEqual(["Bea", "Cy", "Di"]);
  });

  it("sends once when a worker dies holding a delivery and another takes it over after its lease", async () => {
    const { id } = await addEndpoint({ url: `${base}/hook`, events: ["contact.created"] });
    await call(t.app, "POST", `/webhook-endpoint/${id}/test`, { cookie: admin });
    // A worker claims the delivery and is killed before it sends.
    expect(
      await claimJob(t.ctx.db, [DELIVER_JOB], "killed", t.clock.now(), t.config.mailings.jobLeaseMs),
    ).toBeDefined();
    await runDue();
    expect(received).toHaveLength(0);
    t.clock.advance(t.config.mailings.jobLeaseMs + 1);
    await runDue();
    expect(received).toHaveLength(1);
    // A restarted server finds nothing left to send.
    t.clock.advance(48 * 3_600_000);
    await runDue();
    expect(received).toHaveLength(1);
  });

  it("sends each event once when two server copies work the queue at the same time", async () => {
    const { id } = await addEndpoint({ url: `${base}/hook`, events: ["contact.created"] });
    for (let i = 0; i < 6; i++) await call(t.app, "POST", `/webhook-endpoint/${id}/test`, { cookie: admin });
    const copies = [
      createQueueWorker(t.ctx, webhookJobs, { workerId: "a" }),
      createQueueWorker(t.ctx, webhookJobs, { workerId: "b" }),
    ];
    await Promise.all(copies.map((copy) => copy.runDue()));
    expect(received).toHaveLength(6);
    expect(new Set(received.map((got) => got.headers["webhook-id"])).size).toBe(6);
  });

  it("sends a response's answers only to endpoints allowed them", async () => {
    await addEndpoint({ url: `${base}/with`, events: ["callout_response.created"], includeAnswers: true });
    await addEndpoint({ url: `${base}/without`, events: ["callout_response.created"] });
    await t.ctx.db.transaction((tx) =>
      emitEvent({ ...t.ctx, db: tx }, "callout_response.created", { id: "r1", answers: { q: { name: "secret" } } }),
    );
    await runDue();
    const byPath = Object.fromEntries(received.map((got) => [got.path, JSON.parse(got.body) as { data: object }]));
    expect(byPath["/with"]!.data).toHaveProperty("answers");
    expect(byPath["/without"]!.data).not.toHaveProperty("answers");
    expect(received.find((got) => got.path === "/without")!.body).not.toContain("secret");
  });

  it("pauses an endpoint failing for days and tells the admins", async () => {
    const { id } = await addEndpoint({ url: `${base}/hook`, events: ["contact.created"] });
    answer = () => ({ status: 500 });
    const since = new Date(t.clock.now().getTime() - WEBHOOK_PAUSE_AFTER_MS);
    await t.ctx.db.update(webhookEndpoints).set({ failingSince: since }).where(eq(webhookEndpoints.id, id));
    await call(t.app, "POST", `/webhook-endpoint/${id}/test`, { cookie: admin });
    await runDue();
    const endpoint = (await call(t.app, "GET", `/webhook-endpoint/${id}`, { cookie: admin })).json<{
      status: string;
      pausedReason: string;
    }>();
    expect(endpoint).toMatchObject({ status: "paused", pausedReason: "failing" });
    const emails = await t.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.templateId, "webhook-endpoint-paused"));
    expect(emails.map((email) => email.toAddress)).toEqual(["hooks@admin.test"]);
    expect(emails[0]!.textBody).toContain(`${base}/hook`);
    expect(emails[0]!.textBody).toContain(new URL("/admin/settings/webhooks", t.config.appUrl).toString());
  });
});

describe("the list of endpoints each copy keeps", () => {
  it("lets a change through when an endpoint went on another copy a moment ago", async () => {
    const { id } = await addEndpoint({ url: `${base}/hook`, events: ["callout_response.created"] });
    // Outside a transaction, as a response is saved: the list is read once and kept.
    await emitEvent(t.ctx, "callout_response.created", { id: "first" });
    // Deleted before the news reaches this copy: its list still names the endpoint.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE webhook_endpoints DISABLE TRIGGER webhook_endpoints_cache`);
      await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      await tx.execute(sql`ALTER TABLE webhook_endpoints ENABLE TRIGGER webhook_endpoints_cache`);
    });
    await expect(emitEvent(t.ctx, "callout_response.created", { id: "second" })).resolves.toBeUndefined();
    await runDue();
    expect(received).toHaveLength(0);
  });
});

describe("the address guard", () => {
  it("refuses a name that resolves to a loopback address the operator did not allow", async () => {
    const { id } = await addEndpoint({ url: `${base}/hook`, events: ["contact.created"] });
    await call(t.app, "POST", `/webhook-endpoint/${id}/test`, { cookie: admin });
    await runDue({ ...t.ctx, config: { ...t.config, outgoingAllow: new OutgoingAllowList([]) } });
    expect(received).toHaveLength(0);
    const [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, responseCode: null });
    expect(delivery!.lastError).toMatch(/loopback address/);
  });

  it("follows no redirect", async () => {
    const { id } = await addEndpoint({ url: `${base}/hook`, events: ["contact.created"] });
    answer = (got) =>
      got.path === "/hook" ? { status: 307, location: "http://169.254.169.254/latest" } : { status: 200 };
    await call(t.app, "POST", `/webhook-endpoint/${id}/test`, { cookie: admin });
    await runDue();
    expect(received.map((got) => got.path)).toEqual(["/hook"]);
    const [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({ status: "pending", responseCode: 307 });
    expect(delivery!.lastError).toMatch(/not followed/);
  });
});

describe("events of time passing", () => {
  it("tells of memberships ending and callouts opening and closing in the hour gone, once", async () => {
    await addEndpoint({
      url: `${base}/hook`,
      events: ["membership.ended", "callout.published", "callout.ended"],
    });
    const hourStart = new Date(Math.floor(t.clock.now().getTime() / 3_600_000) * 3_600_000);
    const inPreviousHour = new Date(hourStart.getTime() - 30 * 60_000);
    const member = await makeContact(t.database.db, { roles: [] });
    await upsertRole(t.database.db, {
      contactId: member.id,
      role: "member",
      dateAdded: new Date(hourStart.getTime() - 30 * 86_400_000),
      dateExpires: inPreviousHour,
    });
    const opened = await makeCallout(t.database.db, t.clock, { starts: inPreviousHour });
    const closed = await makeCallout(t.database.db, t.clock, { expires: inPreviousHour });
    const runner = createJobRunner(t.ctx, [webhookTimeEventsJob]);
    await runner.runDue();
    await runDue();
    const bodies = received.map((got) => JSON.parse(got.body) as { type: string; data: Record<string, unknown> });
    expect(bodies.map(({ type, data }) => [type, data.contactId ?? data.slug]).sort()).toEqual(
      [
        ["callout.ended", closed.slug],
        ["callout.published", opened.slug],
        ["membership.ended", member.id],
      ].sort(),
    );
    // A second copy (or a second look) at the same hour sends nothing.
    await createJobRunner(t.ctx, [webhookTimeEventsJob]).runDue();
    await runDue();
    expect(received).toHaveLength(3);
  });

  it("tells of a membership an admin takes away", async () => {
    await addEndpoint({ url: `${base}/hook`, events: ["membership.ended"] });
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const revoked = await call(t.app, "DELETE", `/contact/${member.id}/role/member`, { cookie: admin });
    expect(revoked.statusCode, revoked.body).toBe(204);
    await runDue();
    expect(received.map((got) => JSON.parse(got.body) as { type: string; data: { contactId: string } })).toEqual([
      expect.objectContaining({ type: "membership.ended", data: expect.objectContaining({ contactId: member.id }) }),
    ]);
  });
});
